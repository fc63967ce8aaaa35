// Older discovery forms (SPEC §6), read only when a server does not declare the
// extension: skill://index.json in its historical shapes, FastMCP-style
// `_manifest` resources, and SKILL.md resources found in resources/list. Each
// is converted to the current entry shape and marked with the form detected.
import { finding } from '../../shared/findings.js';
import type { Finding, SkillFileRef } from '../../shared/model.js';
import { canonicalUri, parseSkillUri } from '../../shared/skill-uri.js';
import { checkEntry, type CheckedEntry } from './entry-rules.js';
import { ByteBudget, decodeUtf8, readResourceBytes } from './reader.js';
import type { Rpc } from './rpc.js';
import { append } from './append.js';

export interface LegacyEntry {
  readonly entry: CheckedEntry;
  readonly form: string;
  /** The frontmatter was derived (from a name and description), not published: don't compare it. */
  readonly frontmatterDerived: boolean;
}

export interface LegacyDiscovery {
  readonly entries: LegacyEntry[];
  readonly findings: Finding[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const INDEX_URI = 'skill://index.json';
const AGENTSKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const MCP_INDEX_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2026-06-08/skill-index.schema.json';
/** Unknown sizes are recorded as -1: digests can still be checked, sizes cannot. */
const UNKNOWN_SIZE = -1;

function resolveAgainst(base: string, ref: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) return ref;
  const root = base.slice(0, base.lastIndexOf('/') + 1);
  return root + ref.replace(/^\.\//, '');
}

/** Classifies one index.json entry into the current shape (SPEC §6.1 table). */
export function convertIndexEntry(raw: unknown, indexUri: string, hasSchema: string | undefined): { entry?: Omit<LegacyEntry, 'entry'> & { raw: Record<string, unknown> }; skip?: string } {
  if (!isRecord(raw)) return { skip: 'not an object' };
  if (typeof raw['type'] === 'string') {
    const type = raw['type'];
    if (type !== 'skill-md') return { skip: `entries of type "${type}" (archives, templates) are not supported` };
    const url = typeof raw['url'] === 'string' ? resolveAgainst(indexUri, raw['url']) : undefined;
    if (!url) return { skip: 'no url' };
    const digest = typeof raw['digest'] === 'string' ? raw['digest'] : undefined;
    const form = digest ? 'index.json L1 (type + digest)' : 'index.json L0 (type, no digest)';
    return {
      entry: {
        form,
        frontmatterDerived: true,
        raw: {
          uri: url,
          frontmatter: { name: raw['name'], description: raw['description'] },
          resources: digest ? [{ uri: url, digest, size: UNKNOWN_SIZE }] : 'dynamic',
        },
      },
    };
  }
  if (typeof raw['uri'] === 'string' && 'resources' in raw) {
    return { entry: { form: 'index.json L4 (uri + resources)', frontmatterDerived: false, raw: { ...raw } } };
  }
  if (isRecord(raw['frontmatter']) && (typeof raw['url'] === 'string' || Array.isArray(raw['archives']))) {
    if (typeof raw['url'] !== 'string') return { skip: 'archive-only entries are not supported' };
    const url = resolveAgainst(indexUri, raw['url']);
    const digest = typeof raw['digest'] === 'string' ? raw['digest'] : undefined;
    const form = hasSchema === MCP_INDEX_SCHEMA ? 'index.json L2 ($schema, frontmatter)' : 'index.json L2b/L3 (url + frontmatter)';
    return {
      entry: {
        form,
        frontmatterDerived: false,
        raw: { uri: url, frontmatter: raw['frontmatter'], resources: digest ? [{ uri: url, digest, size: UNKNOWN_SIZE }] : 'dynamic' },
      },
    };
  }
  return { skip: 'unrecognised entry shape' };
}

async function readJson(rpc: Rpc, uri: string, budget: ByteBudget, serverId: string, signal?: AbortSignal): Promise<unknown> {
  const read = await readResourceBytes(rpc, uri, { maxFileBytes: 16 * 1024 * 1024, budgets: [budget], location: { serverId }, ...(signal ? { signal } : {}) });
  if (!read.ok) return undefined;
  const text = decodeUtf8(read.bytes);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function finish(raw: Record<string, unknown>, form: string, frontmatterDerived: boolean, serverId: string, findings: Finding[]): LegacyEntry | undefined {
  const checked = checkEntry(raw, serverId, `legacy entry (${form})`);
  // Findings that only restate the legacy shape (sizes unknown) are noise here; the legacy finding says it once.
  append(findings, checked.findings.filter((f) => f.id !== 'sep-2640-resources-size-required' && f.id !== 'sep-2640-resources-invalid-entry' && f.id !== 'legacy-no-size'));
  // Legacy shapes are loadable despite their missing sizes, and for no other reason: the entry is judged again with
  // those sizes taken as known, so every other rule of checkEntry (schema, SKILL.md URI, containment, controls, depth,
  // file:/http(s):/data: schemes) still decides. Only the judgement is kept; the findings are those of the entry as sent.
  if (!checked.entry) return undefined;
  const loadable = checked.entry.loadable || (hasUnknownSizes(raw) && checkEntry(withSizesKnown(raw), serverId, `legacy entry (${form})`).entry?.loadable === true);
  return { entry: { ...checked.entry, loadable }, form, frontmatterDerived };
}

/** A size the legacy shape does not give: absent, or the UNKNOWN_SIZE the conversion wrote. */
const isUnknownSize = (size: unknown) => size === undefined || size === UNKNOWN_SIZE;

function hasUnknownSizes(raw: Record<string, unknown>): boolean {
  const resources = raw['resources'];
  return Array.isArray(resources) && resources.some((r) => isRecord(r) && isUnknownSize(r['size']));
}

/** The entry with each unknown size written as 0: what checkEntry thinks of it when sizes are all it lacks. */
function withSizesKnown(raw: Record<string, unknown>): Record<string, unknown> {
  const resources = raw['resources'] as unknown[];
  return { ...raw, resources: resources.map((r) => (isRecord(r) && isUnknownSize(r['size']) ? { ...r, size: 0 } : r)) };
}

export async function discoverLegacy(rpc: Rpc, options: { signal?: AbortSignal; maxPages: number; budget: ByteBudget }): Promise<LegacyDiscovery> {
  const serverId = rpc.serverId;
  const findings: Finding[] = [];
  const entries: LegacyEntry[] = [];
  const known = new Set<string>();
  const add = (e: LegacyEntry | undefined) => {
    if (!e) return;
    const key = canonicalUri(e.entry.uri);
    if (known.has(key)) return;
    known.add(key);
    entries.push(e);
  };

  const index = await readJson(rpc, INDEX_URI, options.budget, serverId, options.signal);
  if (index !== undefined && !(isRecord(index) && Array.isArray(index['skills']))) {
    findings.push(finding('legacy-index-json', `${INDEX_URI} was served but is not an index: it needs a "skills" array (found ${Array.isArray(index) ? 'a list' : isRecord(index) ? `fields ${Object.keys(index).slice(0, 5).join(', ') || 'none'}` : typeof index}). It was ignored.`, { serverId, fileUri: INDEX_URI }));
  }
  if (isRecord(index) && Array.isArray(index['skills'])) {
    const schema = typeof index['$schema'] === 'string' ? index['$schema'] : undefined;
    const forms = new Set<string>();
    for (const raw of index['skills']) {
      const converted = convertIndexEntry(raw, INDEX_URI, schema);
      if (converted.entry) {
        forms.add(converted.entry.form);
        add(finish(converted.entry.raw, converted.entry.form, converted.entry.frontmatterDerived, serverId, findings));
      } else {
        findings.push(finding('legacy-index-json', `An index.json entry was skipped: ${converted.skip}.`, { serverId, fileUri: INDEX_URI }));
      }
    }
    if (schema !== undefined && schema !== AGENTSKILLS_SCHEMA && schema !== MCP_INDEX_SCHEMA) {
      findings.push(finding('legacy-index-json', `index.json names an unknown $schema ${JSON.stringify(schema)}; it was read on a best-effort basis.`, { serverId, fileUri: INDEX_URI }));
    }
    findings.push(finding('legacy-index-json', `Skills were read from ${INDEX_URI} (${[...forms].join(', ') || 'no usable entries'}); current servers serve skills/list and skills/get.`, { serverId, fileUri: INDEX_URI }));
  }

  // resources/list: `_manifest` resources (FastMCP, early SDK) and bare SKILL.md resources.
  const resources: Array<Record<string, unknown>> = [];
  let cursor: string | undefined;
  const seenCursors = new Set<string>();
  for (let page = 0; page < options.maxPages; page++) {
    let result: unknown;
    try {
      result = await rpc.request('resources/list', cursor ? { cursor } : {}, options.signal ? { signal: options.signal } : {});
    } catch {
      break;
    }
    if (!isRecord(result) || !Array.isArray(result['resources'])) break;
    for (const r of result['resources']) if (isRecord(r) && typeof r['uri'] === 'string') resources.push(r);
    const next = result['nextCursor'];
    if (typeof next !== 'string' || next === '' || seenCursors.has(next)) break;
    seenCursors.add(next);
    cursor = next;
  }

  const manifests = resources.filter((r) => String(r['uri']).endsWith('/_manifest'));
  for (const resource of manifests) {
    const uri = String(resource['uri']);
    const root = uri.slice(0, -'/_manifest'.length);
    const manifest = await readJson(rpc, uri, options.budget, serverId, options.signal);
    if (!isRecord(manifest) || !Array.isArray(manifest['files'])) {
      findings.push(finding('legacy-fastmcp-manifest', `${uri} is not a {skill, files: [...]} manifest; skipped.`, { serverId, fileUri: uri }));
      continue;
    }
    const files: SkillFileRef[] = [];
    for (const f of manifest['files']) {
      if (!isRecord(f) || typeof f['path'] !== 'string') continue;
      files.push({
        uri: `${root}/${f['path']}`,
        digest: typeof f['hash'] === 'string' ? f['hash'] : '',
        size: typeof f['size'] === 'number' ? f['size'] : UNKNOWN_SIZE,
      });
    }
    const skillUri = `${root}/SKILL.md`;
    const name = typeof manifest['skill'] === 'string' ? manifest['skill'] : (parseSkillUri(skillUri).ok ? root.split('/').pop() : '') ?? '';
    const skillMd = resources.find((r) => r['uri'] === skillUri);
    const description = typeof skillMd?.['description'] === 'string' ? skillMd['description'] : '';
    add(finish({ uri: skillUri, frontmatter: { name, description }, resources: files }, 'FastMCP _manifest', true, serverId, findings));
  }
  if (manifests.length > 0) {
    findings.push(finding('legacy-fastmcp-manifest', `${manifests.length} skill(s) were read from _manifest resources (FastMCP SkillsProvider or the early skills SDK).`, { serverId }));
  }

  const skillMds = resources.filter((r) => /\/SKILL\.md$/i.test(String(r['uri'])) && !known.has(canonicalUri(String(r['uri']))));
  for (const resource of skillMds) {
    const uri = String(resource['uri']);
    const parts = parseSkillUri(uri);
    const name = parts.ok ? parts.parts.finalSegment : '';
    const description = typeof resource['description'] === 'string' ? resource['description'] : '';
    // No digests are published in this form: the skill has no integrity at all.
    add(finish({ uri, frontmatter: { name, description }, resources: 'dynamic' }, 'resources/list scan', true, serverId, findings));
  }
  if (skillMds.length > 0) {
    findings.push(finding('legacy-resource-scan', `${skillMds.length} SKILL.md resource(s) were found in resources/list without any skills index; they carry no digests and cannot be verified.`, { serverId }));
  }
  return { entries, findings };
}
