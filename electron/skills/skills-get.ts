// skills/get: one skill by its SKILL.md URI, listed or not, and what is wrong
// with the answer — a different entry, a cursor, missing cache hints, or a
// disagreement with the listing.
import { finding } from '../../shared/findings.js';
import type { Finding } from '../../shared/model.js';
import { previewJson } from '../../shared/nesting.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import { readCacheHint, type CacheHint } from './cache-hint.js';
import { checkEntry, controlFindings, type CheckedEntry } from './entry-rules.js';
import { stableJson } from './frontmatter.js';
import { INVALID_PARAMS, METHOD_NOT_FOUND, rpcErrorCode, rpcErrorMessage, type Rpc } from './rpc.js';
import { append } from './append.js';

export type GetOutcome =
  | { readonly ok: true; readonly entry: CheckedEntry; readonly cache?: CacheHint; readonly findings: Finding[] }
  | { readonly ok: false; readonly message: string; readonly code?: number; readonly findings: Finding[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function getSkill(rpc: Rpc, uri: string, signal?: AbortSignal): Promise<GetOutcome> {
  const loc = { serverId: rpc.serverId, skillUri: uri, field: 'skills/get' };
  // The URI asked about (typed by the user, or found in the server's instructions) is judged too,
  // whatever the server answers: a pointer with a line feed in it is itself a finding.
  const asked = controlFindings(uri, 'The skill URI asked for with skills/get', loc, 'so whatever the server answers for it is not loadable');
  let result: unknown;
  try {
    result = await rpc.request('skills/get', { uri }, signal ? { signal } : {});
  } catch (error) {
    const code = rpcErrorCode(error);
    const findings: Finding[] = [...asked];
    if (code === METHOD_NOT_FOUND) {
      findings.push(finding('sep-2640-skills-get-implemented', 'The server answered skills/get with -32601 (method not found); declaring the skills extension commits it to skills/get.', loc));
    }
    return { ok: false, message: `skills/get ${uri} failed${code !== undefined ? ` (${code})` : ''}: ${rpcErrorMessage(error)}`, ...(code !== undefined ? { code } : {}), findings };
  }
  const findings: Finding[] = [...asked];
  if (!isRecord(result) || !('skill' in result)) {
    const message = `skills/get ${uri} returned no "skill".`;
    findings.push(finding('sep-2640-skills-get-entry-shape', message, loc, { expected: '{ skill: {...} }', actual: previewJson(result) ?? '' }));
    return { ok: false, message, findings };
  }
  if ('nextCursor' in result) {
    findings.push(finding('sep-2640-skills-get-no-cursor', `skills/get ${uri} carries a nextCursor; a get result is never paginated.`, loc));
  }
  if (result['resultType'] !== undefined && result['resultType'] !== 'complete') {
    findings.push(finding('inspector-result-type', `skills/get ${uri} has resultType ${previewJson(result['resultType'])}.`, loc));
  }
  const hint = readCacheHint(result, rpc.era, 'sep-2640-skills-get-cache-attributes', `skills/get ${uri}`, loc);
  append(findings, hint.findings);
  const checked = checkEntry(result['skill'], rpc.serverId, `skills/get ${uri}`);
  append(findings, checked.findings);
  if (!checked.entry) return { ok: false, message: `skills/get ${uri} returned an entry without a uri.`, findings };
  if (canonicalUri(checked.entry.uri) !== canonicalUri(uri)) {
    const message = `skills/get ${uri} answered with a different skill, ${checked.entry.uri}.`;
    findings.push(finding('sep-2640-skills-get-entry-shape', message, loc, { expected: uri, actual: checked.entry.uri }));
    return { ok: false, message, findings };
  }
  // The same skill under another spelling of its URI: read as that skill, but the SEP asks for the same uri, and
  // hosts and the official check compare it as a string.
  if (checked.entry.uri !== uri) {
    findings.push(finding('sep-2640-skills-get-entry-shape', `skills/get ${uri} answered with "${checked.entry.uri}", another spelling of the same URI: the answer must echo the requested uri, which hosts and the official check compare as a string.`, loc, { expected: uri, actual: checked.entry.uri }));
  }
  // The entry's own check already names the control characters of this same URI.
  return { ok: true, entry: checked.entry, ...(hint.hint ? { cache: hint.hint } : {}), findings: findings.filter((f) => !asked.includes(f)) };
}

/** Where skills/get and skills/list disagree about the same skill. */
export function compareWithListing(listed: CheckedEntry, got: CheckedEntry, serverId: string): Finding[] {
  const loc = { serverId, skillUri: listed.uri };
  const out: Finding[] = [];
  if (stableJson(listed.frontmatter) !== stableJson(got.frontmatter)) {
    out.push(finding('inspector-get-mismatch', `skills/get and skills/list give different frontmatter for ${listed.uri}.`, { ...loc, field: 'frontmatter' }, { expected: stableJson(listed.frontmatter).slice(0, 300), actual: stableJson(got.frontmatter).slice(0, 300) }));
  }
  if (stableJson(listed.resources) !== stableJson(got.resources)) {
    out.push(finding('inspector-get-mismatch', `skills/get and skills/list give different resources for ${listed.uri}: the skill changed between the calls, or the server is inconsistent.`, { ...loc, field: 'resources' }, { expected: stableJson(listed.resources).slice(0, 300), actual: stableJson(got.resources).slice(0, 300) }));
  }
  return out;
}

/** The conformance probe: an unknown skill URI must be answered with -32602. */
export async function probeUnknownSkill(rpc: Rpc, signal?: AbortSignal): Promise<Finding[]> {
  const uri = 'skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md';
  const loc = { serverId: rpc.serverId, skillUri: uri, field: 'skills/get' };
  try {
    await rpc.request('skills/get', { uri }, signal ? { signal } : {});
    return [finding('inspector-get-unknown-answered', `skills/get answered for ${uri}, a URI no server serves; unknown URIs must fail with -32602.`, loc, { expected: 'error -32602', actual: 'a result' })];
  } catch (error) {
    const code = rpcErrorCode(error);
    if (code === INVALID_PARAMS) return [];
    if (code === METHOD_NOT_FOUND) return [finding('sep-2640-skills-get-implemented', 'skills/get is not implemented (-32601).', loc)];
    return [
      finding('sep-2640-skills-get-unknown-uri-invalid-params', `skills/get of an unknown URI failed with ${code ?? 'no code'} (${rpcErrorMessage(error)}); it must be -32602.`, loc, {
        expected: '-32602',
        actual: String(code ?? 'none'),
      }),
    ];
  }
}
