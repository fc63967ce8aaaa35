// What one server serves, as a lockfile section: skills/list, then skills/get
// for every listed skill to confirm it. No file is read — the digests and
// sizes come from the entries, so lock, verify and diff are cheap; `check` is
// the command that reads and verifies the bytes.
import type { Finding, Settings } from '../../shared/model.js';
import { backslashFileName, loneSurrogateIn } from '../../shared/skill-uri.js';
import { describeQueryAndSlash } from '../../shared/uri-query-slash.js';
import { forEachLimited } from '../skills/concurrency.js';
import { buildLockedServer, repeatedFiles, type LockedServer, type SkillToLock } from './lockfile.js';
import { openSession, type CliSession } from './session.js';
import { describeStart } from './stdio-flags.js';
import type { Target } from './target.js';
import { forTerminal, markLoneSurrogates } from './terminal-text.js';

export interface ServerSkillSet {
  readonly label: string;
  readonly server: LockedServer;
  /** Why the set cannot be trusted as a whole: the listing stopped, get disagreed with list, or a skill cannot be pinned. */
  readonly problems: string[];
}

/** Findings from skills/get that mean the server contradicts its own listing, or would not confirm it. */
const GET_PROBLEMS = new Set(['inspector-get-mismatch', 'inspector-invalid-result', 'sep-2640-skills-get-entry-shape', 'sep-2640-skills-get-implemented']);
/** Server findings that mean the listing is not the whole catalog. */
const LISTING_PROBLEMS = new Set(['inspector-list-limit', 'sep-2640-skills-list-pagination', 'sep-2640-skills-list-implemented', 'sep-2640-skills-list-entry-atomic']);

/** Connects to the server, reads what it serves, and disconnects, whatever happens. */
export async function readServerSkillSet(target: Target, progress: (line: string) => void, settings: Partial<Settings> = {}): Promise<ServerSkillSet> {
  progress(`Connecting to ${target.label}${describeStart(target.transport)}…`);
  const session = await openSession(target, settings);
  try {
    return await readSkillSet(session, progress);
  } finally {
    await session.close();
  }
}

async function readSkillSet(session: CliSession, progress: (line: string) => void): Promise<ServerSkillSet> {
  const { engine, rpc, serverId } = session;
  progress(`Listing skills of ${session.label}…`);
  await engine.refresh(rpc, session.connection.snapshot.capabilities);
  const state = engine.server(serverId);
  const problems: string[] = [];
  // Printed for a person: what the server wrote into them is shown, never run (terminal-text.ts).
  for (const f of state.serverFindings) if (LISTING_PROBLEMS.has(f.id)) problems.push(forTerminal(`${f.title}: ${f.message}`));
  if (state.listing && !state.listing.complete && problems.length === 0) problems.push('The listing did not complete, so skills may be missing from it.');
  if (state.listing?.mode === 'none' && !state.capability?.declared) problems.push('The server does not serve skills (no skills extension and none of the older forms).');

  const records = [...state.records.values()];
  if (state.listing?.mode === 'extension' && records.length > 0) {
    progress(`Confirming ${records.length} skill(s) with skills/get…`);
    let done = 0;
    // --concurrency: skills/get requests in flight at once.
    await forEachLimited(records, session.settings.readConcurrency, async (record) => {
      const findings = await engine.confirmWithGet(rpc, record.entry.uri);
      for (const f of findings) if (GET_PROBLEMS.has(f.id)) problems.push(forTerminal(describe(f)));
      done++;
      if (done % 100 === 0) progress(`Confirmed ${done}/${records.length}`);
    });
  }

  const skills: SkillToLock[] = [];
  for (const record of records) {
    const { entry } = record;
    const name = typeof entry.frontmatter['name'] === 'string' ? entry.frontmatter['name'] : '';
    const noUri = noUriProblem(entry.uri);
    if (noUri) {
      problems.push(forTerminal(`${markLoneSurrogates(entry.uri)} cannot be pinned: ${noUri}`));
      continue;
    }
    const unpinnable = pinProblem(entry.resources, entry.loadable);
    if (unpinnable) {
      const reasons = record.entryFindings.filter((f) => f.severity === 'error').map((f) => f.message);
      problems.push(forTerminal(`${entry.uri} cannot be pinned: ${unpinnable}${reasons.length ? ` (${reasons.slice(0, 3).join(' ')})` : ''}`));
      continue;
    }
    skills.push({ uri: entry.uri, name, resources: entry.resources === 'dynamic' ? 'dynamic' : (entry.resources ?? []) });
  }
  return { label: session.label, server: buildLockedServer(skills), problems };
}

/**
 * A skill URI holding a lone UTF-16 surrogate is no URI. A static skill's is refused as an invalid entry; a dynamic
 * one lists no file, so nothing else refuses it. This command would read the lockfile's "\ud800" escape back
 * exactly, but serde_json refuses the file and Go reads U+FFFD, the URI of another skill a server may serve.
 */
function noUriProblem(uri: string): string | undefined {
  const lone = loneSurrogateIn(uri);
  if (!lone) return undefined;
  const unit = lone.codeUnit.toString(16);
  return (
    `its URI holds a lone UTF-16 surrogate (U+${unit.toUpperCase()} at character ${lone.index + 1}), which has no UTF-8 form, so no URI can carry it; ` +
    `a lockfile would keep it as the escape "\\u${unit}", which strict JSON readers refuse or read as U+FFFD, the URI of another skill`
  );
}

const INVALID_ENTRY = 'its entry is invalid, so hosts must not load it';

function pinProblem(resources: readonly { uri: string; digest: string; size: number }[] | 'dynamic' | null, loadable: boolean): string | undefined {
  if (resources === null) return 'its entry has no valid resources, so hosts must not load it';
  // First for a dynamic skill: it lists no file, so nothing below would refuse it, yet its URI (…/SKILL.md?v=2)
  // or frontmatter can make the entry one no host may load, and a lock must not pin that.
  if (resources === 'dynamic') return loadable ? undefined : INVALID_ENTRY;
  // First, as the reason: repeatedFiles compares canonical forms, which set a query and a trailing "/" aside,
  // so g.md beside g.md?x would be called "listed more than once" though they name two resources.
  const notPaths = resources.flatMap((r) => {
    const how = describeQueryAndSlash(r.uri);
    return how === undefined ? [] : [{ uri: r.uri, how }];
  });
  if (notPaths.length > 0) {
    const first = notPaths[0]!;
    const listed =
      notPaths.length === 1
        ? `${first.uri}, which has ${first.how}`
        : `${notPaths.slice(0, 3).map((n) => `${n.uri} (${n.how})`).join(', ')}${notPaths.length > 3 ? ` and ${notPaths.length - 3} more` : ''}`;
    return `its entry lists ${listed}: a file URI with a query or a trailing "/" is not a file path (<scheme>://<skill-path>/<file-path>) but names another resource, so the entry is not loadable and no digest and size can be pinned for it`;
  }
  // Also first: canonical forms read "\\" as "/", so x%5Cy.md beside x/y.md (two files to the SDK) would be called x/y.md listed twice.
  const backslashed = resources.flatMap((r) => {
    const name = backslashFileName(r.uri);
    return name === undefined ? [] : [{ uri: r.uri, name }];
  });
  if (backslashed.length > 0) {
    const first = backslashed[0]!;
    const more = backslashed.length > 1 ? ` (and ${backslashed.length - 1} more such file(s))` : '';
    return `its entry lists ${first.uri}, whose file name ${first.name} holds a backslash, which Windows hosts read as a folder separator${more}, so it is not loadable and that file cannot be pinned`;
  }
  const repeated = [...new Set(repeatedFiles(resources))];
  if (repeated.length > 0) {
    return `its entry lists ${repeated.slice(0, 3).join(', ')}${repeated.length > 3 ? ` and ${repeated.length - 3} more` : ''} more than once, so it is not loadable and no one digest and size can be pinned for that file`;
  }
  if (!loadable) return INVALID_ENTRY;
  const unsized = resources.filter((r) => !Number.isSafeInteger(r.size) || r.size < 0);
  if (unsized.length > 0) return `the server gives no size for ${unsized.length} file(s), so their bytes cannot be pinned exactly`;
  return undefined;
}

function describe(f: Finding): string {
  if (f.id !== 'inspector-get-mismatch') return f.message;
  return `${f.message} Listing: ${f.expected ?? '—'}; skills/get: ${f.actual ?? '—'}.`;
}
