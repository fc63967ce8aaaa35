// Finding cases for reading: resources/read within limits (reader.ts) and the
// files tree from resources/directory/read (directory.ts), against scripted
// server answers.
import { rpcError, scriptedRpc, serveFiles, type Answer } from '../../test/support/scripted-rpc.js';
import { listDirectoryTree, probeDirectoryOnFile } from './directory.js';
import { checkEntry } from './entry-rules.js';
import { GUIDE_MD, GUIDE_URI, ROOT, SERVER, SKILL_URI, cleanSkill, type FindingCase } from './finding-cases.unit.js';
import { ByteBudget, readResourceBytes } from './reader.js';

const READ_LOC = { serverId: SERVER, skillUri: SKILL_URI, fileUri: GUIDE_URI };
const read =
  (answer: Answer, options: { era?: 'modern' | 'legacy'; expectedSize?: number; budget?: number; maxFileBytes?: number } = {}) =>
  async () =>
    (
      await readResourceBytes(scriptedRpc({ 'resources/read': answer }, { era: options.era ?? 'modern' }), GUIDE_URI, {
        ...(options.expectedSize !== undefined ? { expectedSize: options.expectedSize } : {}),
        maxFileBytes: options.maxFileBytes ?? 1000,
        budget: new ByteBudget(() => options.budget ?? 10_000),
        location: { serverId: SERVER, skillUri: SKILL_URI },
      })
    ).findings;
const serve = serveFiles({ [GUIDE_URI]: GUIDE_MD });
const failing = (code: number, message: string) => () => {
  throw rpcError(code, message);
};
const contents = (...items: Array<Record<string, unknown>>) => () => ({ contents: items });
const SERVED = { input: 'the file served as text', run: read(serve), ids: [] } as const;

export const READER_CASES: readonly FindingCase[] = [
  {
    id: 'inspector-read-failed',
    input: 'resources/read answered with -32602',
    trigger: read(failing(-32602, 'Resource not found')),
    ids: ['inspector-read-failed'],
    expect: { severity: 'error', location: READ_LOC, message: [`resources/read of ${GUIDE_URI} failed (-32602): Resource not found`, 'does not exist'] },
    near: SERVED,
  },
  {
    id: 'inspector-wrong-error-code',
    input: 'a missing file answered with -32002 on the 2026 era',
    trigger: read(failing(-32002, 'Resource not found'), { era: 'modern' }),
    ids: ['inspector-wrong-error-code', 'inspector-read-failed'],
    expect: { severity: 'warning', location: READ_LOC, message: ['-32002', 'since 2026-07-28', '-32602'], expected: '-32602', actual: '-32002' },
    near: { input: 'the same on the 2025 era, where -32002 was right', run: read(failing(-32002, 'Resource not found'), { era: 'legacy' }), ids: ['inspector-read-failed'] },
  },
  {
    id: 'inspector-file-too-large',
    input: 'a file listed at 1001 bytes with a 1000-byte cap',
    trigger: read(serve, { expectedSize: 1001 }),
    ids: ['inspector-file-too-large'],
    expect: { severity: 'error', location: READ_LOC, message: ['listed at 1001 bytes', '1000-byte per-file limit', 'not read'], expected: '≤ 1000', actual: '1001' },
    near: { input: 'a file listed at exactly 1000 bytes', run: read(serve, { expectedSize: 1000 }), ids: [] },
  },
  {
    id: 'inspector-file-too-large',
    input: 'an unlisted size that turns out to be 1001 bytes',
    trigger: read(contents({ uri: GUIDE_URI, text: 'x'.repeat(1001) })),
    ids: ['inspector-file-too-large'],
    expect: { severity: 'error', location: READ_LOC, message: ['is 1001 bytes'], expected: '≤ 1000', actual: '1001' },
    near: { input: '1000 bytes', run: read(contents({ uri: GUIDE_URI, text: 'x'.repeat(1000) })), ids: [] },
  },
  {
    id: 'inspector-budget-exceeded',
    input: 'a 101-byte file with 100 bytes of budget left',
    trigger: read(serve, { expectedSize: 101, budget: 100 }),
    ids: ['inspector-budget-exceeded'],
    expect: { severity: 'error', location: READ_LOC, message: ['(101 bytes)', '100 bytes left', 'Raise the budget'] },
    near: { input: 'a 100-byte file', run: read(serve, { expectedSize: 100, budget: 100 }), ids: [] },
  },
  {
    id: 'inspector-invalid-base64',
    input: 'a blob with characters outside base64',
    trigger: read(contents({ uri: GUIDE_URI, blob: 'aGVsbG8*' })),
    ids: ['inspector-invalid-base64'],
    expect: { severity: 'error', location: READ_LOC, message: ['not valid base64', 'cannot be verified'] },
    near: { input: 'the same bytes correctly encoded', run: read(contents({ uri: GUIDE_URI, blob: 'aGVsbG8=' })), ids: [] },
  },
  {
    id: 'inspector-read-wrong-uri',
    input: 'contents for another URI',
    trigger: read(contents({ uri: `${ROOT}/other.md`, text: 'x' })),
    ids: ['inspector-read-wrong-uri'],
    expect: { severity: 'warning', location: READ_LOC, message: [`answered with "${ROOT}/other.md"`], expected: GUIDE_URI, actual: `${ROOT}/other.md` },
    near: { input: 'the same URI with the scheme in capitals', run: read(contents({ uri: GUIDE_URI.replace('skill:', 'SKILL:'), text: 'x' })), ids: [] },
  },
  {
    id: 'inspector-invalid-result',
    input: 'a read result with no contents',
    trigger: read(contents()),
    ids: ['inspector-invalid-result'],
    expect: { severity: 'error', location: READ_LOC, message: ['returned no contents'], expected: '{ contents: [ { uri, text | blob } ] }', actual: '{"contents":[]}' },
    near: SERVED,
  },
  {
    id: 'inspector-invalid-result',
    input: 'content with neither text nor blob',
    trigger: read(contents({ uri: GUIDE_URI, mimeType: 'text/markdown' })),
    ids: ['inspector-invalid-result'],
    expect: { severity: 'error', location: READ_LOC, message: ['neither "text" nor "blob"'] },
    near: { input: 'an empty text', run: read(contents({ uri: GUIDE_URI, text: '' })), ids: [] },
  },
];

const skill = cleanSkill();
const entry = checkEntry(skill.entry, SERVER, 'test').entry!;
const REFS = `${ROOT}/references`;
/** A directory listing by directory URI; anything else is answered with -32602. */
const directories = (listing: Record<string, Array<Record<string, unknown>>>, extra: (uri: string, params: Record<string, unknown>) => unknown = () => undefined): Answer => (params) => {
  const uri = String(params['uri']);
  const special = extra(uri, params);
  if (special !== undefined) return special;
  const children = Object.hasOwn(listing, uri) ? listing[uri] : undefined;
  if (!children) throw rpcError(-32602, `Not a directory: ${uri}`);
  return { resources: children };
};
const CLEAN_TREE = {
  [ROOT]: [
    { uri: SKILL_URI, name: 'SKILL.md', mimeType: 'text/markdown' },
    { uri: REFS, name: 'references', mimeType: 'inode/directory' },
  ],
  [REFS]: [{ uri: GUIDE_URI, name: 'guide.md', mimeType: 'text/markdown' }],
};
const tree = (answer: Answer | undefined, directoryRead = true) => async () => (await listDirectoryTree(scriptedRpc(answer ? { 'resources/directory/read': answer } : {}), entry, directoryRead, 5)).findings;
const CLEAN_RUN = { input: 'the directories as the entry lists them', run: tree(directories(CLEAN_TREE)), ids: [] } as const;
const DIR_LOC = { serverId: SERVER, skillUri: SKILL_URI };
const probe = (answer: Answer) => () => probeDirectoryOnFile(scriptedRpc({ 'resources/directory/read': answer }), SKILL_URI);

export const DIRECTORY_CASES: readonly FindingCase[] = [
  {
    id: 'sep-2640-directory-read-method-registered',
    input: 'directoryRead declared, resources/directory/read answered with -32601',
    trigger: tree(undefined),
    ids: ['sep-2640-directory-read-method-registered'],
    expect: { severity: 'error', location: { ...DIR_LOC, fileUri: ROOT }, message: [`resources/directory/read of ${ROOT} failed (-32601)`] },
    near: { input: 'directoryRead not declared (the method is never called)', run: tree(undefined, false), ids: [] },
  },
  {
    id: 'sep-2640-directory-read-subdir-mimetype',
    input: 'the references/ directory served without inode/directory',
    trigger: tree(directories({ ...CLEAN_TREE, [ROOT]: [CLEAN_TREE[ROOT][0]!, { uri: REFS, name: 'references', mimeType: 'text/plain' }] })),
    ids: ['sep-2640-directory-read-subdir-mimetype'],
    expect: { severity: 'error', location: { ...DIR_LOC, fileUri: REFS }, message: [REFS, 'mimeType "text/plain"', '"inode/directory"'], expected: 'inode/directory', actual: 'text/plain' },
    near: CLEAN_RUN,
  },
  {
    id: 'sep-2640-directory-read-result-resources-shape',
    input: 'a directory result without a resources array',
    trigger: tree(directories({}, () => ({ children: [] }))),
    ids: ['sep-2640-directory-read-result-resources-shape'],
    expect: { severity: 'error', location: { ...DIR_LOC, fileUri: ROOT }, message: [`of ${ROOT} returned no "resources" array`] },
    near: CLEAN_RUN,
  },
  {
    id: 'sep-2640-directory-read-pagination',
    input: 'page 2 of the root hands back the same cursor',
    trigger: tree(directories(CLEAN_TREE, (uri) => (uri === ROOT ? { resources: CLEAN_TREE[ROOT], nextCursor: 'again' } : undefined))),
    ids: ['sep-2640-directory-read-pagination'],
    expect: { severity: 'error', location: { ...DIR_LOC, fileUri: ROOT }, message: [`of ${ROOT} repeated a cursor`] },
    near: { input: 'page 2 ends the listing', run: tree(directories(CLEAN_TREE, (uri, params) => (uri === ROOT ? { resources: CLEAN_TREE[ROOT], ...(params['cursor'] ? {} : { nextCursor: 'again' }) } : undefined))), ids: [] },
  },
  {
    id: 'sep-2640-directory-read-not-manifest-extension',
    input: 'the root directory shows secrets.env, which the entry does not list',
    trigger: tree(directories({ ...CLEAN_TREE, [ROOT]: [...CLEAN_TREE[ROOT], { uri: `${ROOT}/secrets.env`, name: 'secrets.env' }] })),
    ids: ['sep-2640-directory-read-not-manifest-extension'],
    expect: { severity: 'warning', location: { ...DIR_LOC, fileUri: `${ROOT}/secrets.env` }, message: [`${ROOT}/secrets.env appears in the directory listing but not in the skill's resources`, 'was not read'] },
    near: CLEAN_RUN,
  },
  {
    id: 'inspector-directory-outside',
    input: "the root directory shows another skill's SKILL.md",
    trigger: tree(directories({ ...CLEAN_TREE, [ROOT]: [...CLEAN_TREE[ROOT], { uri: 'skill://acme/other/SKILL.md' }] })),
    ids: ['inspector-directory-outside'],
    expect: { severity: 'error', location: { ...DIR_LOC, fileUri: 'skill://acme/other/SKILL.md' }, message: ['returned skill://acme/other/SKILL.md, which is outside the skill'] },
    near: CLEAN_RUN,
  },
  {
    id: 'sep-2640-directory-read-invalid-params',
    input: 'a directory read of SKILL.md that succeeds',
    trigger: probe(() => ({ resources: [] })),
    ids: ['sep-2640-directory-read-invalid-params'],
    expect: { severity: 'error', location: DIR_LOC, message: [`of the file ${SKILL_URI} succeeded`, '-32602'] },
    near: { input: 'answered with -32602', run: probe(failing(-32602, 'Not a directory')), ids: [] },
  },
  {
    id: 'sep-2640-directory-read-invalid-params',
    input: 'a directory read of SKILL.md answered with -32603',
    trigger: probe(failing(-32603, 'Internal error')),
    ids: ['sep-2640-directory-read-invalid-params'],
    expect: { severity: 'error', location: DIR_LOC, message: ['failed with -32603; expected -32602'], expected: '-32602', actual: '-32603' },
    near: { input: 'answered with -32602', run: probe(failing(-32602, 'Not a directory')), ids: [] },
  },
];
