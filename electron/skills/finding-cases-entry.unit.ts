// Finding cases for one skill entry as a server lists it (entry-rules.ts).
import { checkEntry } from './entry-rules.js';
import { URI_CASES } from './finding-cases-entry-uri.unit.js';
import { GUIDE_URI, ROOT, SERVER, SKILL_URI, cleanSkill, entryWith, fileRef, type FindingCase } from './finding-cases.unit.js';

const WHERE = 'skills/list page 1, entry 0';
const check = (raw: unknown) => () => checkEntry(raw, SERVER, WHERE).findings;
const clean = cleanSkill();
const cleanRun = check(clean.entry);
const NEAR_CLEAN = { input: 'the well-formed entry', run: cleanRun, ids: [] } as const;
const resources = clean.entry['resources'] as Array<{ uri: string; digest: string; size: number }>;
const skillRef = resources[0]!;
const guideRef = resources[1]!;
const at = { serverId: SERVER, skillUri: SKILL_URI };
const withResource = (extra: object) => entryWith({ resources: [...resources, extra] });
const extraFile = (uri: string) => fileRef(uri, 'x');
const FAKE_DIGEST = `sha256:${'0'.repeat(64)}`;
const manyFiles = (count: number, size = 1) => [skillRef, ...Array.from({ length: count - 1 }, (_, i) => ({ uri: `${ROOT}/f${i}.txt`, digest: FAKE_DIGEST, size }))];
/** `depth` objects nested in one another, the innermost holding a string. */
const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

export const ENTRY_CASES: readonly FindingCase[] = [
  {
    id: 'sep-2640-entry-uri-required',
    input: 'an entry without "uri"',
    trigger: check(entryWith({ uri: undefined })),
    ids: ['sep-2640-entry-uri-required'],
    expect: { severity: 'error', location: { serverId: SERVER }, message: [WHERE, 'no "uri" string'], expected: 'a SKILL.md URI', actual: 'absent' },
    near: NEAR_CLEAN,
  },
  {
    id: 'sep-2640-entry-uri-required',
    input: 'an entry that is an array',
    trigger: check([clean.entry]),
    ids: ['sep-2640-entry-uri-required'],
    expect: { severity: 'error', location: { serverId: SERVER }, message: ['not an object', 'an array'] },
    near: NEAR_CLEAN,
  },
  {
    id: 'sep-2640-entry-frontmatter-required',
    input: 'frontmatter without a description',
    trigger: check(entryWith({ frontmatter: { name: 'pdf-tools' } })),
    ids: ['sep-2640-entry-frontmatter-required', 'agentskills-description-missing', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'frontmatter' }, message: [SKILL_URI, '"name" and "description"'], actual: 'fields: name' },
    near: NEAR_CLEAN,
  },
  {
    id: 'sep-2640-entry-uri-matches-frontmatter-name',
    input: 'frontmatter.name "pdf-tool" under …/pdf-tools/SKILL.md',
    trigger: check(entryWith({ frontmatter: { name: 'pdf-tool', description: 'Fill PDF forms.' } })),
    ids: ['sep-2640-entry-uri-matches-frontmatter-name'],
    expect: { severity: 'error', location: { ...at, field: 'frontmatter.name' }, message: ['"pdf-tools"', '"pdf-tool"'], expected: 'pdf-tools', actual: 'pdf-tool' },
    near: NEAR_CLEAN,
  },
  {
    id: 'sep-2640-metadata-reserved-prefix',
    input: 'frontmatter.metadata key io.modelcontextprotocol/origin',
    trigger: check(entryWith({ frontmatter: { name: 'pdf-tools', description: 'Fill PDF forms.', metadata: { 'io.modelcontextprotocol/origin': 'x' } } })),
    ids: ['sep-2640-metadata-reserved-prefix'],
    expect: { severity: 'warning', location: { ...at, field: 'frontmatter.metadata.io.modelcontextprotocol/origin' }, message: ['"io.modelcontextprotocol/origin"', 'reserved'] },
    near: {
      input: 'metadata key com.example/origin',
      run: check(entryWith({ frontmatter: { name: 'pdf-tools', description: 'Fill PDF forms.', metadata: { 'com.example/origin': 'x' } } })),
      ids: [],
    },
  },
  {
    id: 'sep-2640-entry-resources-required',
    input: 'resources is an object',
    trigger: check(entryWith({ resources: { uri: SKILL_URI } })),
    ids: ['sep-2640-entry-resources-required', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources' }, message: ['must be an array or "dynamic"'], actual: `{"uri":"${SKILL_URI}"}` },
    near: NEAR_CLEAN,
  },
  {
    id: 'legacy-resources-omitted',
    input: 'resources omitted (SEP v1 dynamic signal)',
    trigger: check(entryWith({ resources: undefined })),
    ids: ['sep-2640-entry-resources-required', 'legacy-resources-omitted', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'warning', location: { ...at, field: 'resources' }, message: ['omitted "resources" meant dynamic', '"dynamic" to be written out'] },
    near: { input: 'resources "dynamic" written out', run: check(entryWith({ resources: 'dynamic' })), ids: ['sep-2640-resources-dynamic-marker'] },
  },
  {
    id: 'sep-2640-resources-dynamic-marker',
    input: 'resources "dynamic"',
    trigger: check(entryWith({ resources: 'dynamic' })),
    ids: ['sep-2640-resources-dynamic-marker'],
    expect: { severity: 'info', location: { ...at, field: 'resources' }, message: [`"${SKILL_URI}" is dynamic`, 'cannot be verified'] },
    near: NEAR_CLEAN,
  },
  {
    id: 'sep-2640-resources-complete',
    input: 'resources without the SKILL.md itself',
    trigger: check(entryWith({ resources: [guideRef] })),
    ids: ['sep-2640-resources-complete'],
    expect: { severity: 'error', location: { ...at, field: 'resources' }, message: ['no entry for the SKILL.md itself'], expected: `an entry with uri ${SKILL_URI}`, actual: 'none' },
    near: NEAR_CLEAN,
  },
  {
    id: 'inspector-duplicate-resource',
    input: 'references/guide.md listed twice',
    trigger: check(withResource(guideRef)),
    ids: ['inspector-duplicate-resource', 'sep-2640-resources-complete', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2]', fileUri: GUIDE_URI }, message: ['resources[1] and resources[2]', 'not loadable'] },
    near: { input: 'a second, different file', run: check(withResource(extraFile(`${ROOT}/references/other.md`))), ids: [] },
  },
  {
    id: 'inspector-resource-not-a-file-path',
    input: 'references/guide.md listed again with a query',
    trigger: check(withResource(extraFile(`${GUIDE_URI}?x`))),
    ids: ['inspector-resource-not-a-file-path', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2].uri', fileUri: `${GUIDE_URI}?x` }, message: ['has a query ("?x")', `another resource than "${GUIDE_URI}"`, 'not loadable'], expected: GUIDE_URI, actual: `${GUIDE_URI}?x` },
    near: { input: 'a fragment, which names part of the same file', run: check(entryWith({ resources: [skillRef, { ...guideRef, uri: `${GUIDE_URI}#setup` }] })), ids: [] },
  },
  {
    id: 'sep-2640-resources-uri-within-skill',
    input: "a resource in a sibling skill's directory",
    trigger: check(withResource(extraFile('skill://acme/other/x.md'))),
    ids: ['sep-2640-resources-uri-within-skill', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2]', fileUri: 'skill://acme/other/x.md' }, message: ['is not under skill://acme/pdf-tools/', 'every file must lie under the skill directory'] },
    near: { input: 'the same file under the skill', run: check(withResource(extraFile(`${ROOT}/x.md`))), ids: [] },
  },
  {
    id: 'inspector-other-scheme',
    input: 'an https: resource in a skill:// skill',
    trigger: check(withResource(extraFile('https://acme/pdf-tools/x.md'))),
    ids: ['inspector-other-scheme', 'sep-2640-resources-uri-within-skill', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2]', fileUri: 'https://acme/pdf-tools/x.md' }, message: ['scheme https:', 'the skill uses skill:'] },
    near: { input: 'the same path with skill://', run: check(withResource(extraFile(`${ROOT}/x.md`))), ids: [] },
  },
  {
    id: 'inspector-file-uri',
    input: 'a file:///etc/passwd resource',
    trigger: check(withResource(extraFile('file:///etc/passwd'))),
    ids: ['inspector-file-uri', 'sep-2640-resources-uri-within-skill', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2]', fileUri: 'file:///etc/passwd' }, message: ['"file:///etc/passwd" points at the local file system'] },
    near: { input: 'a skill:// file named passwd', run: check(withResource(extraFile(`${ROOT}/etc/passwd`))), ids: [] },
  },
  {
    id: 'inspector-path-traversal',
    input: 'a resource climbing out with %2e%2e',
    trigger: check(withResource(extraFile(`${ROOT}/%2e%2e/other/x.md`))),
    ids: ['inspector-path-traversal', 'sep-2640-resources-uri-within-skill', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2]', fileUri: `${ROOT}/%2e%2e/other/x.md` }, message: ['uses ".." or "." to leave the skill directory'] },
    near: { input: 'a literal "%2e%2ex" file name', run: check(withResource(extraFile(`${ROOT}/%2e%2ex/other/x.md`))), ids: [] },
  },
  {
    id: 'inspector-path-traversal',
    input: 'a resource with ".." above the authority',
    trigger: check(withResource(extraFile('skill://acme/../../etc/x.md'))),
    ids: ['inspector-path-traversal', 'sep-2640-resources-uri-within-skill', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2]', fileUri: 'skill://acme/../../etc/x.md' }, message: ['climbs above its root with ".."'] },
    near: NEAR_CLEAN,
  },
  {
    id: 'inspector-backslash-file-name',
    input: 'a file named x\\y.md, as the SDK lists it (x%5Cy.md)',
    trigger: check(withResource(extraFile(`${ROOT}/x%5Cy.md`))),
    ids: ['inspector-backslash-file-name', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2]', fileUri: `${ROOT}/x%5Cy.md` }, message: ['the file name x\\y.md', 'holds a backslash, which Windows hosts read as a folder separator'] },
    near: { input: 'the file y.md in the folder x', run: check(withResource(extraFile(`${ROOT}/x/y.md`))), ids: [] },
  },
  {
    id: 'inspector-windows-climb',
    input: "a file under a folder named '.. ' (..%20), '..' on Windows",
    trigger: check(withResource(extraFile(`${ROOT}/..%20/notes/guide.md`))),
    ids: ['inspector-windows-climb', 'sep-2640-resources-invalid-entry'],
    expect: {
      severity: 'error',
      location: { ...at, field: 'resources[2]', fileUri: `${ROOT}/..%20/notes/guide.md` },
      message: [`${ROOT}/..%20/notes/guide.md has a folder named ".. " in its path`, '".." on Windows', 'leaves the skill\'s folder: a host writes the file as "../notes/guide.md" from it', 'not loadable'],
      expected: 'no name that is ".." on Windows',
      actual: '.. ',
    },
    near: { input: "a folder named '..a'", run: check(withResource(extraFile(`${ROOT}/..a/notes/guide.md`))), ids: [] },
  },
  {
    id: 'inspector-windows-skill-md',
    input: 'a nested forms/SKILL.md. (Windows drops the trailing dot)',
    trigger: check(withResource(extraFile(`${ROOT}/forms/SKILL.md.`))),
    ids: ['inspector-windows-skill-md', 'sep-2640-resources-invalid-entry'],
    expect: {
      severity: 'error',
      location: { ...at, field: 'resources[2]', fileUri: `${ROOT}/forms/SKILL.md.` },
      message: ['is named "SKILL.md."', 'Windows takes for SKILL.md', 'as the SKILL.md of a skill in "forms"', 'not loadable'],
      expected: 'no name Windows takes for SKILL.md',
      actual: 'SKILL.md.',
    },
    near: { input: 'forms/SKILL.md.bak', run: check(withResource(extraFile(`${ROOT}/forms/SKILL.md.bak`))), ids: [] },
  },
  {
    id: 'inspector-windows-same-file',
    input: 'references/guide.md. beside references/guide.md (one file once Windows drops the trailing dot)',
    trigger: check(withResource(extraFile(`${ROOT}/references/guide.md.`))),
    ids: ['inspector-windows-name', 'inspector-windows-same-file', 'sep-2640-resources-invalid-entry'],
    expect: {
      severity: 'error',
      location: { ...at, field: 'resources[2]', fileUri: `${ROOT}/references/guide.md.` },
      message: [`${GUIDE_URI} and ${ROOT}/references/guide.md. are one file on Windows`, 'writes both as "references/guide.md", one over the other', 'not loadable'],
      expected: 'names that stay apart on Windows',
      actual: 'guide.md.',
    },
    near: { input: 'references/guide.md.bak beside it', run: check(withResource(extraFile(`${ROOT}/references/guide.md.bak`))), ids: [] },
  },
  {
    id: 'inspector-windows-climb',
    input: "a skill path with a folder named '.. ' (skill://acme/..%20/pdf-tools), '..' on Windows",
    trigger: check(entryWith({ uri: 'skill://acme/..%20/pdf-tools/SKILL.md', resources: [fileRef('skill://acme/..%20/pdf-tools/SKILL.md', 'x')] })),
    ids: ['inspector-windows-climb', 'sep-2640-resources-invalid-entry'],
    expect: {
      severity: 'error',
      location: { ...at, skillUri: 'skill://acme/..%20/pdf-tools/SKILL.md', field: 'uri' },
      message: ['The skill path of skill://acme/..%20/pdf-tools/SKILL.md has a folder named ".. "', 'writes this one as "pdf-tools", not "acme/.. /pdf-tools"', 'not loadable'],
      expected: 'no name that is ".." on Windows',
      actual: '.. ',
    },
    near: { input: "a skill path with a folder named '..a'", run: check(entryWith({ uri: 'skill://acme/..a/pdf-tools/SKILL.md', resources: [fileRef('skill://acme/..a/pdf-tools/SKILL.md', 'x')] })), ids: [] },
  },
  {
    id: 'inspector-windows-climb',
    input: "a skill URI whose authority is '.. ' (skill://..%20/pdf-tools), '..' on Windows",
    trigger: check(entryWith({ uri: 'skill://..%20/pdf-tools/SKILL.md', resources: [fileRef('skill://..%20/pdf-tools/SKILL.md', 'x')] })),
    ids: ['inspector-windows-climb', 'sep-2640-resources-invalid-entry'],
    expect: {
      severity: 'error',
      location: { ...at, skillUri: 'skill://..%20/pdf-tools/SKILL.md', field: 'uri' },
      message: ['The skill path of skill://..%20/pdf-tools/SKILL.md has a folder named ".. "', 'writes this one as "../pdf-tools", outside the folder it writes skills in, not ".. /pdf-tools"', 'not loadable'],
      expected: 'no name that is ".." on Windows',
      actual: '.. ',
    },
    near: { input: "an authority '..a'", run: check(entryWith({ uri: 'skill://..a/pdf-tools/SKILL.md', resources: [fileRef('skill://..a/pdf-tools/SKILL.md', 'x')] })), ids: [] },
  },
  {
    id: 'inspector-windows-name',
    input: 'a file named nul.txt, a device on Windows',
    trigger: check(withResource(extraFile(`${ROOT}/notes/nul.txt`))),
    ids: ['inspector-windows-name'],
    expect: { severity: 'warning', location: { ...at, field: 'resources[2]', fileUri: `${ROOT}/notes/nul.txt` }, message: ['has the name "nul.txt" in its path', 'NUL is a device name on Windows'], actual: 'nul.txt' },
    near: { input: 'a file named null.txt', run: check(withResource(extraFile(`${ROOT}/notes/null.txt`))), ids: [] },
  },
  {
    id: 'sep-2640-resources-digest-format',
    input: 'an upper-case hex digest',
    trigger: check(entryWith({ resources: [skillRef, { ...guideRef, digest: guideRef.digest.toUpperCase().replace('SHA256', 'sha256') }] })),
    ids: ['sep-2640-resources-digest-format', 'sep-2640-resources-invalid-entry'],
    expect: {
      severity: 'error',
      location: { ...at, field: 'resources[1].digest', fileUri: GUIDE_URI },
      message: [GUIDE_URI, '64 lowercase hex'],
      expected: 'sha256:<64 lowercase hex>',
      actual: JSON.stringify(guideRef.digest.toUpperCase().replace('SHA256', 'sha256')),
    },
    near: NEAR_CLEAN,
  },
  {
    id: 'sep-2640-resources-size-required',
    input: 'a fractional size',
    trigger: check(entryWith({ resources: [skillRef, { ...guideRef, size: 1.5 }] })),
    ids: ['sep-2640-resources-size-required', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[1].size', fileUri: GUIDE_URI }, message: [GUIDE_URI, 'non-negative integer'], expected: 'integer ≥ 0', actual: '1.5' },
    near: { input: 'size 0', run: check(entryWith({ resources: [skillRef, { ...guideRef, size: 0 }] })), ids: [] },
  },
  {
    id: 'legacy-no-size',
    input: 'no resource has a size (SEP v1 shape)',
    trigger: check(entryWith({ resources: resources.map(({ uri, digest }) => ({ uri, digest })) })),
    ids: ['sep-2640-resources-size-required', 'legacy-no-size', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'warning', location: { ...at, field: 'resources' }, message: ['No resource has a size', 'SEP v1'] },
    near: {
      input: 'only one resource lacks a size',
      run: check(entryWith({ resources: [skillRef, { uri: guideRef.uri, digest: guideRef.digest }] })),
      ids: ['sep-2640-resources-size-required', 'sep-2640-resources-invalid-entry'],
    },
  },
  {
    id: 'sep-2640-limit-resources-per-skill',
    input: '513 files',
    trigger: check(entryWith({ resources: manyFiles(513) })),
    ids: ['sep-2640-limit-resources-per-skill'],
    expect: { severity: 'warning', location: { ...at, field: 'resources' }, message: ['lists 513 files', '512'], expected: '≤ 512', actual: '513' },
    near: { input: '512 files', run: check(entryWith({ resources: manyFiles(512) })), ids: [] },
  },
  {
    id: 'sep-2640-limit-total-size',
    input: '16 MiB + 1 byte in total',
    trigger: check(entryWith({ resources: [{ ...skillRef, size: 16 * 1024 * 1024 - 1 }, { ...guideRef, size: 2 }] })),
    ids: ['sep-2640-limit-total-size'],
    expect: { severity: 'warning', location: { ...at, field: 'resources' }, message: ['totals 16777217 bytes'], expected: '≤ 16777216', actual: '16777217' },
    near: { input: 'exactly 16 MiB', run: check(entryWith({ resources: [{ ...skillRef, size: 16 * 1024 * 1024 - 1 }, { ...guideRef, size: 1 }] })), ids: [] },
  },
  {
    id: 'sep-2640-skillmd-required',
    input: 'a uri ending in README.md',
    trigger: check(entryWith({ uri: `${ROOT}/README.md`, resources: [extraFile(`${ROOT}/README.md`)] })),
    ids: ['sep-2640-skillmd-required', 'sep-2640-resources-invalid-entry'],
    expect: {
      severity: 'error',
      location: { serverId: SERVER, skillUri: `${ROOT}/README.md`, field: 'uri' },
      message: [`"${ROOT}/README.md" is not a SKILL.md URI`],
      expected: '<scheme>://<skill-path>/SKILL.md',
      actual: `${ROOT}/README.md`,
    },
    near: NEAR_CLEAN,
  },
  ...URI_CASES,
  {
    id: 'inspector-too-deep',
    input: 'frontmatter nested 5,000 levels deep',
    trigger: check(entryWith({ frontmatter: { name: 'pdf-tools', description: 'Fill PDF forms.', 'x-config': nested(5000) } })),
    ids: ['inspector-too-deep', 'agentskills-unknown-field', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'frontmatter.x-config' }, message: ['more than 64 levels deep', 'at frontmatter.x-config.a.', 'must not load'], expected: 'at most 64 levels' },
    near: { input: 'frontmatter nested 64 levels deep (the limit)', run: check(entryWith({ frontmatter: { name: 'pdf-tools', description: 'Fill PDF forms.', 'x-config': nested(63) } })), ids: ['agentskills-unknown-field'] },
  },
  {
    id: 'sep-2640-meta-prefix',
    input: '_meta key without a namespace',
    trigger: check(entryWith({ _meta: { version: '1' } })),
    ids: ['sep-2640-meta-prefix'],
    expect: { severity: 'warning', location: { ...at, field: '_meta.version' }, message: ['"version"', 'io.modelcontextprotocol.skills/'] },
    near: { input: '_meta key io.modelcontextprotocol.skills/version', run: check(entryWith({ _meta: { 'io.modelcontextprotocol.skills/version': '1' } })), ids: [] },
  },
  {
    id: 'sep-2640-resources-invalid-entry',
    input: 'a resource without a digest',
    trigger: check(entryWith({ resources: [skillRef, { uri: guideRef.uri, size: guideRef.size }] })),
    ids: ['sep-2640-resources-digest-format', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: at, message: [`"${SKILL_URI}" is invalid`, 'must not load it'] },
    near: NEAR_CLEAN,
  },
  {
    id: 'agentskills-skill-md-case',
    input: 'a nested file spelled skill.md',
    trigger: check(withResource(extraFile(`${ROOT}/forms/skill.md`))),
    ids: ['agentskills-skill-md-case'],
    expect: { severity: 'warning', location: { ...at, field: 'resources[2]', fileUri: `${ROOT}/forms/skill.md` }, message: ['spells SKILL.md in another case'], expected: 'SKILL.md', actual: 'skill.md' },
    near: { input: 'spelled SKILL.md', run: check(withResource(extraFile(`${ROOT}/forms/SKILL.md`))), ids: [] },
  },
  {
    id: 'agentskills-case-collision',
    input: 'references/Guide.md next to references/guide.md',
    trigger: check(withResource(extraFile(`${ROOT}/references/Guide.md`))),
    // One file on Windows too, where a host writes one over the other: that is an error of its own.
    ids: ['agentskills-case-collision', 'inspector-windows-same-file', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'warning', location: { ...at, field: 'resources[2]', fileUri: `${ROOT}/references/Guide.md` }, message: [`${ROOT}/references/Guide.md and ${GUIDE_URI}`, 'differ only by letter case'] },
    near: { input: 'references/Guide2.md', run: check(withResource(extraFile(`${ROOT}/references/Guide2.md`))), ids: [] },
  },
];
