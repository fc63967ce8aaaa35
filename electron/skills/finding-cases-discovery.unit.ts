// Finding cases for discovery: the capability (capability.ts), cache hints
// (cache-hint.ts), skills/list (listing.ts), skills/get (skills-get.ts) and
// the legacy forms (legacy.ts), against scripted server answers.
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { rpcError, scriptedRpc, serveFiles, type Answer } from '../../test/support/scripted-rpc.js';
import { readCacheHint } from './cache-hint.js';
import { readSkillsCapability } from './capability.js';
import { checkEntry } from './entry-rules.js';
import { SERVER, SKILL_MD, SKILL_URI, cached, cleanSkill, entryWith, sha256Of, sizeOf, type FindingCase } from './finding-cases.unit.js';
import { stableJson } from './frontmatter.js';
import { discoverLegacy } from './legacy.js';
import { listAllSkills } from './listing.js';
import { ByteBudget } from './reader.js';
import { compareWithListing, getSkill, probeUnknownSkill } from './skills-get.js';

const FIELD = `capabilities.extensions["${SKILLS_EXTENSION_ID}"]`;
const capability = (caps: Record<string, unknown>) => () => readSkillsCapability(caps, SERVER).findings;
const declaring = (value: unknown) => capability({ resources: {}, extensions: { [SKILLS_EXTENSION_ID]: value } });
const CAP_LOC = { serverId: SERVER, field: FIELD };

export const CAPABILITY_CASES: readonly FindingCase[] = [
  {
    id: 'sep-2640-capability-declaration-inline',
    input: 'settings in a {config: …} envelope',
    trigger: declaring({ config: { directoryRead: true } }),
    ids: ['sep-2640-capability-declaration-inline', 'legacy-capability-envelope'],
    expect: { severity: 'error', location: CAP_LOC, message: ['envelope (config)'], expected: '{"directoryRead": true}', actual: '{"config":{"directoryRead":true}}' },
    near: { input: 'the same settings inline', run: declaring({ directoryRead: true }), ids: [] },
  },
  {
    id: 'legacy-capability-envelope',
    input: 'a {specVersion, directoryRead} envelope',
    trigger: declaring({ specVersion: '2026-06-08', directoryRead: false }),
    ids: ['sep-2640-capability-declaration-inline', 'legacy-capability-envelope'],
    expect: { severity: 'warning', location: CAP_LOC, message: ['emitted by early SDKs'] },
    near: { input: '{directoryRead: false}', run: declaring({ directoryRead: false }), ids: [] },
  },
  {
    id: 'sep-2640-capability-empty-object',
    input: 'the capability value true',
    trigger: declaring(true),
    ids: ['sep-2640-capability-empty-object'],
    expect: { severity: 'error', location: CAP_LOC, message: ['found true'], expected: '{} or {"directoryRead": true}', actual: 'true' },
    near: { input: 'the empty object', run: declaring({}), ids: [] },
  },
  {
    id: 'sep-2640-capability-requires-resources',
    input: 'skills declared without capabilities.resources',
    trigger: capability({ extensions: { [SKILLS_EXTENSION_ID]: {} } }),
    ids: ['sep-2640-capability-requires-resources'],
    expect: { severity: 'error', location: { serverId: SERVER, field: 'capabilities.resources' }, message: ['resources capability'], expected: 'capabilities.resources present', actual: 'absent' },
    near: { input: 'with resources: {}', run: declaring({}), ids: [] },
  },
  {
    id: 'sep-2640-capability-directory-read-flag',
    input: 'directoryRead: "yes"',
    trigger: declaring({ directoryRead: 'yes' }),
    ids: ['sep-2640-capability-directory-read-flag'],
    expect: { severity: 'error', location: { serverId: SERVER, field: `${FIELD}.directoryRead` }, message: ['must be a boolean', '"yes"'], expected: 'true or false', actual: '"yes"' },
    near: { input: 'directoryRead: false', run: declaring({ directoryRead: false }), ids: [] },
  },
  {
    id: 'legacy-capability-experimental',
    input: 'skills under capabilities.experimental',
    trigger: capability({ resources: {}, experimental: { [SKILLS_EXTENSION_ID]: {} } }),
    ids: ['legacy-capability-experimental'],
    expect: { severity: 'warning', location: { serverId: SERVER, field: `capabilities.experimental["${SKILLS_EXTENSION_ID}"]` }, message: ['belongs under capabilities.extensions'] },
    near: { input: 'skills under capabilities.extensions', run: declaring({}), ids: [] },
  },
];

const LIST_LOC = { serverId: SERVER, field: 'skills/list' };
const hint = (result: Record<string, unknown>) => () => readCacheHint(result, 'modern', 'sep-2640-skills-list-cache-attributes', 'skills/list page 1', LIST_LOC).findings;

export const CACHE_HINT_CASES: readonly FindingCase[] = [
  {
    id: 'inspector-ttl-invalid',
    input: 'ttlMs -5',
    trigger: hint({ ttlMs: -5, cacheScope: 'public' }),
    ids: ['inspector-ttl-invalid'],
    expect: { severity: 'warning', location: LIST_LOC, message: ['ttlMs -5', 'treated as 0'], expected: '0–86400000', actual: '-5' },
    near: { input: 'ttlMs 0', run: hint({ ttlMs: 0, cacheScope: 'public' }), ids: [] },
  },
  {
    id: 'inspector-ttl-invalid',
    input: 'ttlMs of a year',
    trigger: hint({ ttlMs: 31_536_000_000, cacheScope: 'private' }),
    ids: ['inspector-ttl-invalid'],
    expect: { severity: 'warning', location: LIST_LOC, message: ['treated as 86400000'], actual: '31536000000' },
    near: { input: 'ttlMs of exactly 24 h', run: hint({ ttlMs: 86_400_000, cacheScope: 'private' }), ids: [] },
  },
];

const LIMITS = { maxListPages: 3, maxListEntries: 100, maxListBytes: 1_000_000 };
const skillA = cleanSkill('skill://acme/pdf-tools', 'pdf-tools').entry;
const skillB = cleanSkill('skill://acme/csv-tools', 'csv-tools').entry;
const list = (answer: Answer, era: 'modern' | 'legacy' = 'modern', limits = LIMITS) => async () => (await listAllSkills(scriptedRpc({ 'skills/list': answer }, { era }), limits)).findings;
/** Two pages: the second answers with `second`. */
const twoPages = (second: Record<string, unknown>) => list((_params, call) => (call === 0 ? cached({ skills: [skillA], nextCursor: 'page-2' }) : cached(second)));

export const LISTING_CASES: readonly FindingCase[] = [
  {
    id: 'sep-2640-skills-list-pagination',
    input: 'page 2 hands back the cursor of page 1',
    trigger: twoPages({ skills: [skillB], nextCursor: 'page-2' }),
    ids: ['sep-2640-skills-list-pagination'],
    expect: { severity: 'error', location: LIST_LOC, message: ['"page-2"', 'already used'], expected: 'a new cursor or none', actual: 'a repeated cursor' },
    near: { input: 'page 2 ends the listing', run: twoPages({ skills: [skillB] }), ids: [] },
  },
  {
    id: 'inspector-list-limit',
    input: 'a listing that never ends (a new cursor on every page)',
    trigger: list((_params, call) => cached({ skills: [], nextCursor: `c${call}` })),
    ids: ['sep-2640-skills-list-pagination', 'inspector-list-limit'],
    expect: { severity: 'error', location: LIST_LOC, message: ['page limit (3)', 'the skills listed so far are shown', 'Settings › Listing pages'] },
    near: { input: 'a listing that ends on page 3', run: list((_params, call) => cached({ skills: [], ...(call < 2 ? { nextCursor: `c${call}` } : {}) })), ids: [] },
  },
  {
    id: 'inspector-list-limit',
    input: 'more entries than the entry limit',
    trigger: list(() => cached({ skills: [skillA, skillB] }), 'modern', { ...LIMITS, maxListEntries: 1 }),
    ids: ['inspector-list-limit'],
    expect: { severity: 'error', location: LIST_LOC, message: ['entry limit (1)'] },
    near: { input: 'exactly the limit', run: list(() => cached({ skills: [skillA] }), 'modern', { ...LIMITS, maxListEntries: 1 }), ids: [] },
  },
  {
    id: 'sep-2640-skills-list-entry-atomic',
    input: 'the same skill on page 1 and page 2',
    trigger: twoPages({ skills: [skillA] }),
    ids: ['sep-2640-skills-list-entry-atomic'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI }, message: [SKILL_URI, 'page 1 and again on page 2'] },
    near: { input: 'a different skill on page 2', run: twoPages({ skills: [skillB] }), ids: [] },
  },
  {
    id: 'sep-2640-skills-list-cache-attributes',
    input: 'a 2026-07-28 listing without ttlMs and cacheScope',
    trigger: list(() => ({ skills: [skillA] })),
    ids: ['sep-2640-skills-list-cache-attributes'],
    expect: { severity: 'error', location: LIST_LOC, message: ['skills/list page 1 lacks ttlMs and cacheScope'], expected: 'ttlMs ≥ 0 and cacheScope "public" | "private"', actual: '{}' },
    near: { input: 'the same listing on the 2025 era', run: list(() => ({ skills: [skillA] }), 'legacy'), ids: [] },
  },
  {
    id: 'sep-2640-skills-list-cache-attributes',
    input: 'page 2 switches cacheScope to private',
    trigger: twoPages({ skills: [skillB], cacheScope: 'private' }),
    ids: ['sep-2640-skills-list-cache-attributes'],
    expect: { severity: 'error', location: LIST_LOC, message: ['Page 2 has cacheScope "private" but page 1 had "public"'] },
    near: { input: 'page 2 keeps it public', run: twoPages({ skills: [skillB], cacheScope: 'public' }), ids: [] },
  },
  {
    id: 'inspector-result-type',
    input: 'resultType "incomplete"',
    trigger: list(() => cached({ skills: [], resultType: 'incomplete' })),
    ids: ['inspector-result-type'],
    expect: { severity: 'error', location: LIST_LOC, message: ['resultType "incomplete"'], expected: '"complete"', actual: '"incomplete"' },
    near: { input: 'resultType "complete"', run: list(() => cached({ skills: [], resultType: 'complete' })), ids: [] },
  },
  {
    id: 'inspector-invalid-result',
    input: 'a page without a skills array',
    trigger: list(() => cached({ items: [] })),
    ids: ['inspector-invalid-result'],
    expect: { severity: 'error', location: LIST_LOC, message: ['page 1 has no "skills" array'], expected: '{ skills: [...] }', actual: '{"ttlMs":60000,"cacheScope":"public","items":[]}' },
    near: { input: 'an empty skills array', run: list(() => cached({ skills: [] })), ids: [] },
  },
];

const GET_LOC = { serverId: SERVER, skillUri: SKILL_URI, field: 'skills/get' };
const get = (answer: Answer | undefined, era: 'modern' | 'legacy' = 'modern') => async () => (await getSkill(scriptedRpc(answer ? { 'skills/get': answer } : {}, { era }), SKILL_URI)).findings;
const UNKNOWN = 'skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md';
const probe = (answer: Answer) => () => probeUnknownSkill(scriptedRpc({ 'skills/get': answer }));
const checked = (raw: Record<string, unknown>) => checkEntry(raw, SERVER, 'test').entry!;
const GET_OK = () => cached({ skill: skillA });
const NUL_URI = 'skill://acme/pdf\u0000-tools/SKILL.md';
const unknownSkill = () => {
  throw rpcError(-32602, 'Unknown skill');
};
/** `[[[… 'leaf' …]]]`, `depth` arrays deep. */
const nestedArrays = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};
const CHANGED_RESOURCES = (skillA['resources'] as Array<Record<string, unknown>>).map((r, i) => (i === 1 ? { ...r, digest: sha256Of('changed') } : r));

export const SKILLS_GET_CASES: readonly FindingCase[] = [
  {
    id: 'sep-2640-skills-get-implemented',
    input: 'skills/get answered with -32601',
    trigger: get(undefined),
    ids: ['sep-2640-skills-get-implemented'],
    expect: { severity: 'error', location: GET_LOC, message: ['-32601', 'commits it to skills/get'] },
    near: {
      input: 'skills/get answered with -32602 (unknown skill)',
      run: get(() => {
        throw rpcError(-32602, 'Unknown skill');
      }),
      ids: [],
    },
  },
  {
    id: 'sep-2640-skills-get-implemented',
    input: 'the unknown-URI probe answered with -32601',
    trigger: () => probeUnknownSkill(scriptedRpc({})),
    ids: ['sep-2640-skills-get-implemented'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: UNKNOWN, field: 'skills/get' }, message: ['not implemented (-32601)'] },
    near: {
      input: 'answered with -32602',
      run: probe(() => {
        throw rpcError(-32602);
      }),
      ids: [],
    },
  },
  {
    id: 'sep-2640-skills-get-entry-shape',
    input: 'a result without "skill"',
    trigger: get(() => cached({ entry: skillA })),
    ids: ['sep-2640-skills-get-entry-shape'],
    expect: { severity: 'error', location: GET_LOC, message: ['returned no "skill"'], expected: '{ skill: {...} }' },
    near: { input: 'a result with "skill"', run: get(GET_OK), ids: [] },
  },
  {
    id: 'sep-2640-skills-get-entry-shape',
    input: 'a different skill in the answer',
    trigger: get(() => cached({ skill: skillB })),
    ids: ['sep-2640-skills-get-entry-shape'],
    expect: { severity: 'error', location: GET_LOC, message: ['answered with a different skill, skill://acme/csv-tools/SKILL.md'], expected: SKILL_URI, actual: 'skill://acme/csv-tools/SKILL.md' },
    near: { input: 'the same skill with its uri echoed', run: get(GET_OK), ids: [] },
  },
  {
    id: 'sep-2640-skills-get-entry-shape',
    input: 'the same skill with its URI scheme in capitals (the official check compares the string)',
    trigger: get(() => cached({ skill: { ...skillA, uri: SKILL_URI.replace('skill:', 'SKILL:') } })),
    // Its resources, spelled with skill:, are then judged against that uri as a listed entry's are.
    ids: ['sep-2640-skills-get-entry-shape', 'sep-2640-resources-complete', 'sep-2640-resources-uri-within-skill'],
    expect: { severity: 'error', location: GET_LOC, message: ['another spelling of the same URI'], expected: SKILL_URI, actual: SKILL_URI.replace('skill:', 'SKILL:') },
    near: { input: 'the same skill with its uri echoed', run: get(GET_OK), ids: [] },
  },
  {
    id: 'sep-2640-skills-get-no-cursor',
    input: 'a get result with nextCursor',
    trigger: get(() => cached({ skill: skillA, nextCursor: 'more' })),
    ids: ['sep-2640-skills-get-no-cursor'],
    expect: { severity: 'error', location: GET_LOC, message: ['carries a nextCursor'] },
    near: { input: 'the same without nextCursor', run: get(GET_OK), ids: [] },
  },
  {
    id: 'sep-2640-skills-get-cache-attributes',
    input: 'a 2026-07-28 get result without cacheScope',
    trigger: get(() => ({ skill: skillA, ttlMs: 1000 })),
    ids: ['sep-2640-skills-get-cache-attributes'],
    expect: { severity: 'error', location: GET_LOC, message: [`skills/get ${SKILL_URI} lacks cacheScope`], actual: '{"ttlMs":1000}' },
    near: { input: 'the same on the 2025 era', run: get(() => ({ skill: skillA, ttlMs: 1000 }), 'legacy'), ids: [] },
  },
  {
    id: 'inspector-result-type',
    input: 'a get result with resultType "partial"',
    trigger: get(() => cached({ skill: skillA, resultType: 'partial' })),
    ids: ['inspector-result-type'],
    expect: { severity: 'error', location: GET_LOC, message: ['resultType "partial"'] },
    near: { input: 'no resultType', run: get(GET_OK), ids: [] },
  },
  {
    id: 'sep-2640-skills-get-unknown-uri-invalid-params',
    input: 'an unknown URI answered with -32002',
    trigger: probe(() => {
      throw rpcError(-32002, 'Resource not found');
    }),
    ids: ['sep-2640-skills-get-unknown-uri-invalid-params'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: UNKNOWN, field: 'skills/get' }, message: ['failed with -32002', 'Resource not found', 'must be -32602'], expected: '-32602', actual: '-32002' },
    near: {
      input: 'answered with -32602',
      run: probe(() => {
        throw rpcError(-32602);
      }),
      ids: [],
    },
  },
  {
    id: 'inspector-get-unknown-answered',
    input: 'an unknown URI answered with a skill',
    trigger: probe(GET_OK),
    ids: ['inspector-get-unknown-answered'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: UNKNOWN, field: 'skills/get' }, message: [UNKNOWN, '-32602'], expected: 'error -32602', actual: 'a result' },
    near: {
      input: 'answered with -32602',
      run: probe(() => {
        throw rpcError(-32602);
      }),
      ids: [],
    },
  },
  {
    id: 'inspector-get-mismatch',
    input: 'skills/get lists another digest for references/guide.md',
    trigger: () => compareWithListing(checked(skillA), checked(entryWith({ resources: CHANGED_RESOURCES }, skillA)), SERVER),
    ids: ['inspector-get-mismatch'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI, field: 'resources' }, message: ['different resources', SKILL_URI], expected: stableJson(skillA['resources']), actual: stableJson(CHANGED_RESOURCES) },
    near: { input: 'the same entry with keys in another order', run: () => compareWithListing(checked(skillA), checked({ resources: skillA['resources'], frontmatter: { description: 'Fill PDF forms.', name: 'pdf-tools' }, uri: SKILL_URI }), SERVER), ids: [] },
  },
  {
    id: 'inspector-uri-control-character',
    input: 'skills/get asked about a URI with a NUL in it (found in the instructions), answered -32602',
    trigger: async () =>
      (
        await getSkill(
          scriptedRpc({ 'skills/get': unknownSkill }),
          NUL_URI,
        )
      ).findings,
    ids: ['inspector-uri-control-character'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: NUL_URI, field: 'skills/get' }, message: ['The skill URI asked for with skills/get contains U+0000 (NUL)', '⟦NUL⟧', 'not loadable'] },
    near: { input: 'the same URI with %00', run: async () => (await getSkill(scriptedRpc({ 'skills/get': unknownSkill }), NUL_URI.replace('\u0000', '%00'))).findings, ids: [] },
  },
  {
    id: 'inspector-too-deep',
    input: 'skills/get answers with frontmatter nested 1,000 deep',
    trigger: get(() => cached({ skill: entryWith({ frontmatter: { name: 'pdf-tools', description: 'Fill PDF forms.', 'x-deep': nestedArrays(1000) } }, skillA) })),
    ids: ['inspector-too-deep', 'agentskills-unknown-field', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI, field: 'frontmatter.x-deep' }, message: ['more than 64 levels deep', 'at frontmatter.x-deep.0.…(60 more)….0.0'] },
    near: { input: 'nested 10 deep', run: get(() => cached({ skill: entryWith({ frontmatter: { name: 'pdf-tools', description: 'Fill PDF forms.', 'x-deep': nestedArrays(10) } }, skillA) })), ids: ['agentskills-unknown-field'] },
  },
];

const INDEX = 'skill://index.json';
const AGENTSKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const legacy = (files: Record<string, string>, listed: Array<Record<string, unknown>>) => async () =>
  (await discoverLegacy(scriptedRpc({ 'resources/read': serveFiles(files), 'resources/list': () => ({ resources: listed }) }, { era: 'legacy' }), { maxPages: 5, budget: new ByteBudget(() => 1_000_000) })).findings;
const indexJson = JSON.stringify({ $schema: AGENTSKILLS_SCHEMA, skills: [{ name: 'pdf-tools', type: 'skill-md', description: 'Fill PDF forms.', url: 'pdf-tools/SKILL.md', digest: sha256Of(SKILL_MD) }] });
const LEGACY_ROOT = 'skill://pdf-tools';
const manifest = JSON.stringify({ skill: 'pdf-tools', files: [{ path: 'SKILL.md', hash: sha256Of(SKILL_MD), size: sizeOf(SKILL_MD) }] });
const skillMdResource = { uri: `${LEGACY_ROOT}/SKILL.md`, name: 'pdf-tools', description: 'Fill PDF forms.', mimeType: 'text/markdown' };

export const LEGACY_CASES: readonly FindingCase[] = [
  {
    id: 'legacy-index-json',
    input: 'an agentskills.io index.json with a digest',
    trigger: legacy({ [INDEX]: indexJson }, []),
    ids: ['legacy-index-json'],
    expect: { severity: 'warning', location: { serverId: SERVER, fileUri: INDEX }, message: ['read from skill://index.json (index.json L1 (type + digest))'] },
    near: { input: 'no index.json at all', run: legacy({}, []), ids: [] },
  },
  {
    id: 'legacy-index-json',
    input: 'an index.json entry of type "archive"',
    trigger: legacy({ [INDEX]: JSON.stringify({ skills: [{ name: 'x', type: 'archive', url: 'x.zip' }] }) }, []),
    ids: ['legacy-index-json'],
    expect: { severity: 'warning', location: { serverId: SERVER, fileUri: INDEX }, message: ['skipped', 'type "archive"'] },
    near: { input: 'no index.json at all', run: legacy({}, []), ids: [] },
  },
  {
    id: 'legacy-fastmcp-manifest',
    input: 'a FastMCP _manifest resource',
    trigger: legacy({ [`${LEGACY_ROOT}/_manifest`]: manifest }, [{ uri: `${LEGACY_ROOT}/_manifest` }, skillMdResource]),
    ids: ['legacy-fastmcp-manifest'],
    expect: { severity: 'warning', location: { serverId: SERVER }, message: ['1 skill(s) were read from _manifest resources'] },
    near: { input: 'the SKILL.md resource alone (no _manifest)', run: legacy({}, [skillMdResource]), ids: ['legacy-resource-scan', 'sep-2640-resources-dynamic-marker'] },
  },
  {
    id: 'legacy-resource-scan',
    input: 'a SKILL.md resource in resources/list and no index',
    trigger: legacy({}, [skillMdResource]),
    ids: ['legacy-resource-scan', 'sep-2640-resources-dynamic-marker'],
    expect: { severity: 'warning', location: { serverId: SERVER }, message: ['1 SKILL.md resource(s) were found in resources/list', 'cannot be verified'] },
    near: { input: 'a README.md resource', run: legacy({}, [{ uri: `${LEGACY_ROOT}/README.md` }]), ids: [] },
  },
];
