// `skill-inspector list` and `skill-inspector load`: what a host does, headless.
// `list` enumerates skills and reads no file (lazy retrieval). `load` loads one
// skill the way a host must: read SKILL.md, verify size, digest and
// frontmatter, and only then read its other files — refusing on any mismatch.
// The official conformance client scenarios drive these two commands.
import { parseArgs } from 'node:util';
import type { Settings } from '../../shared/model.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import { LISTING_LIMITS, READING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { openSession, type CliSession } from './session.js';
import { describeStart } from './stdio-flags.js';
import { progressTo, type Streams } from './streams.js';
import { TARGET_OPTIONS, UsageError, resolveTarget, type Target } from './target.js';
import { forTerminal } from './terminal-text.js';
import { wellFormedJson } from './well-formed-json.js';

const LIST_OPTIONS = { ...TARGET_OPTIONS, json: { type: 'boolean', default: false }, quiet: { type: 'boolean', default: false }, ...limitOptions(LISTING_LIMITS) } as const;
const LOAD_OPTIONS = { ...TARGET_OPTIONS, skill: { type: 'string' }, quiet: { type: 'boolean', default: false }, ...limitOptions(READING_LIMITS) } as const;

/** Server findings that mean the listing is not the whole catalog (as in skill-set.ts). */
const LISTING_STOPPED = new Set(['inspector-list-limit', 'sep-2640-skills-list-pagination', 'inspector-invalid-result']);

function noPositionals(command: string, positionals: readonly string[]): void {
  if (positionals.length > 0) throw new UsageError(`${command} takes no positional arguments (got "${positionals[0]}"); name the server with --stdio, --url or --config.`);
}

async function connect(target: Target, settings: Partial<Settings>, progress: (line: string) => void): Promise<CliSession> {
  progress(`Connecting to ${target.label}${describeStart(target.transport)}…`);
  return openSession(target, settings);
}

/** Exit 0 with the skills; 1 when the listing stopped early (what was listed is still printed). */
export async function runList(args: string[], io: Streams): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: LIST_OPTIONS, allowPositionals: true });
  noPositionals('list', positionals);
  const settings = limitSettings(values);
  const progress = progressTo(io.err, values.quiet);
  const session = await connect(await resolveTarget(values), settings, progress);
  try {
    progress('Listing skills…');
    const skills = await session.engine.refresh(session.rpc, session.connection.snapshot.capabilities);
    // A lone surrogate the server wrote is written as U+FFFD (well-formed-json.ts).
    if (values.json) io.out.write(`${wellFormedJson(skills.map((s) => ({ uri: s.uri, name: s.name, description: s.description, resources: s.resources })), 2)}\n`);
    // Shown, never run (terminal-text.ts); a tab or line feed in a field is a mark, so each skill stays one line of three columns.
    else for (const s of skills) io.out.write(`${forTerminal(s.uri)}\t${forTerminal(s.name)}\t${forTerminal(s.description)}\n`);
    const state = session.engine.server(session.serverId);
    if (state.listing && !state.listing.complete) {
      const why = state.serverFindings.filter((f) => LISTING_STOPPED.has(f.id)).map((f) => `  - ${forTerminal(f.message)}\n`);
      io.err.write(`The listing stopped early: ${skills.length} skill(s) listed so far, more may exist.\n${why.join('')}`);
      return 1;
    }
    progress(`Found ${skills.length} skill(s).`);
    return 0;
  } finally {
    await session.close();
  }
}

/**
 * The URI as the server lists it. Another spelling of a listed URI (SKILL://…, a letter percent-encoded) is that URI,
 * as the rest of the app (and approve --skill) compares them, yet the engine knows the skill by its listed spelling.
 * A spelling of several listed URIs is refused, naming each; one the listing lacks is loaded by URI as given.
 */
function listedSpelling(listed: readonly { readonly uri: string }[], wanted: string): string {
  if (listed.some((s) => s.uri === wanted)) return wanted;
  const wantedCanonical = canonicalUri(wanted);
  const bySpelling = [...new Set(listed.map((s) => s.uri).filter((uri) => canonicalUri(uri) === wantedCanonical))];
  if (bySpelling.length > 1) throw new UsageError(`"${forTerminal(wanted)}" is another spelling of several URIs the server lists (${forTerminal(bySpelling.join(', '))}); give --skill one of them as listed.`);
  return bySpelling[0] ?? wanted;
}

export async function runLoad(args: string[], io: Streams): Promise<number> {
  const { out, err } = io;
  const { values, positionals } = parseArgs({ args, options: LOAD_OPTIONS, allowPositionals: true });
  noPositionals('load', positionals);
  if (!values.skill) throw new UsageError('load needs --skill <SKILL.md URI>.');
  const settings = limitSettings(values);
  const progress = progressTo(err, values.quiet);
  const session = await connect(await resolveTarget(values), settings, progress);
  try {
    const { engine, rpc } = session;
    const listed = await engine.refresh(rpc, session.connection.snapshot.capabilities);
    const skillUri = listedSpelling(listed, values.skill);
    if (!listed.some((s) => s.uri === skillUri)) await engine.loadByUri(rpc, skillUri);
    const skillMd = await engine.readFile(rpc, skillUri, skillUri);
    if (skillMd.check.state !== 'verified') {
      err.write(forTerminal(`Refused to load ${skillUri}: ${skillMd.check.state === 'failed' || skillMd.check.state === 'unverifiable' ? ('message' in skillMd.check ? skillMd.check.message : skillMd.check.reason) : skillMd.check.state}`) + '\n');
      return 1;
    }
    const entry = engine.entry(session.serverId, skillUri);
    const others = Array.isArray(entry.resources) ? entry.resources.filter((r) => canonicalUri(r.uri) !== canonicalUri(skillUri)) : [];
    for (const file of others) {
      const read = await engine.readFile(rpc, skillUri, file.uri);
      if (read.check.state !== 'verified') {
        err.write(forTerminal(`Refused to load ${skillUri}: ${file.uri} did not verify (${read.check.state === 'failed' ? read.check.message : read.check.state}).`) + '\n');
        return 1;
      }
    }
    progress(`Loaded ${skillUri}: ${1 + others.length} file(s) match the listing.`);
    out.write(skillMd.text ?? '');
    return 0;
  } finally {
    await session.close();
  }
}
