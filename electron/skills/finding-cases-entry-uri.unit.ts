// Finding cases for the URIs of one listed skill entry (entry-rules.ts): its scheme, control characters in it
// or in a resource's URI, its authority. Spread into ENTRY_CASES.
import { checkEntry } from './entry-rules.js';
import { GUIDE_MD, ROOT, SERVER, SKILL_URI, entryWith, fileRef, cleanSkill, type FindingCase } from './finding-cases.unit.js';

const WHERE = 'skills/list page 1, entry 0';
const check = (raw: unknown) => () => checkEntry(raw, SERVER, WHERE).findings;
const at = { serverId: SERVER, skillUri: SKILL_URI };
const resources = cleanSkill().entry['resources'] as Array<{ uri: string; digest: string; size: number }>;
const withResource = (extra: object) => entryWith({ resources: [...resources, extra] });
const extraFile = (uri: string) => fileRef(uri, 'x');
const otherScheme = (scheme: string) => {
  const root = `${scheme}://acme/pdf-tools`;
  return entryWith({ uri: `${root}/SKILL.md`, resources: [fileRef(`${root}/SKILL.md`, 'x'), fileRef(`${root}/references/guide.md`, GUIDE_MD)] });
};
/** The clean skill at another root (its SKILL.md and guide under it). */
const atUri = (root: string) => entryWith({ uri: `${root}/SKILL.md`, resources: [fileRef(`${root}/SKILL.md`, 'x'), fileRef(`${root}/references/guide.md`, GUIDE_MD)] });
const DATA_URI = 'data:text/markdown,---%0Aname%3A%20pdf-tools%0A---%0A';
const withAuthority = (authority: string) => {
  const root = `skill://${authority}/pdf-tools`;
  return entryWith({ uri: `${root}/SKILL.md`, resources: [fileRef(`${root}/SKILL.md`, 'x')] });
};

export const URI_CASES: readonly FindingCase[] = [
  {
    id: 'sep-2640-skill-uri-scheme',
    input: 'a skill served under mcp-skills://',
    trigger: check(otherScheme('mcp-skills')),
    ids: ['sep-2640-skill-uri-scheme'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: 'mcp-skills://acme/pdf-tools/SKILL.md', field: 'uri' }, message: ['the mcp-skills: scheme, not skill://', 'Serve skills as skill://'], expected: 'skill://', actual: 'mcp-skills:' },
    near: { input: 'the same skill under skill://', run: check(otherScheme('skill')), ids: [] },
  },
  {
    id: 'sep-2640-skill-uri-scheme',
    input: 'a skill served under file:///',
    trigger: check(atUri('file:///skills/pdf-tools')),
    ids: ['sep-2640-skill-uri-scheme', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: 'file:///skills/pdf-tools/SKILL.md', field: 'uri' }, message: ['the file: scheme, not skill://', "names files on the reader's own disk", 'never shown verified'], actual: 'file:' },
    near: { input: 'the same path under skill:///', run: check(atUri('skill:///skills/pdf-tools')), ids: [] },
  },
  {
    id: 'sep-2640-skill-uri-scheme',
    input: 'a skill served under file:/ (no "//")',
    trigger: check(atUri('file:/etc/pdf-tools')),
    // Without "//" the official check reads no name from the URI: its entry-uri-matches-frontmatter-name fails too.
    ids: ['sep-2640-skill-uri-scheme', 'sep-2640-entry-uri-matches-frontmatter-name', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: 'file:/etc/pdf-tools/SKILL.md', field: 'uri' }, message: ['the file: scheme, not skill://'], actual: 'file:' },
    near: { input: 'skill://etc/pdf-tools', run: check(atUri('skill://etc/pdf-tools')), ids: [] },
  },
  {
    id: 'sep-2640-skill-uri-scheme',
    input: 'a skill served under FiLe:// (mixed case)',
    trigger: check(atUri('FiLe://host/pdf-tools')),
    ids: ['sep-2640-skill-uri-scheme', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: 'FiLe://host/pdf-tools/SKILL.md', field: 'uri' }, message: ['the file: scheme, not skill:// (written "FiLe:")'], actual: 'FiLe:' },
    near: { input: 'SKILL://host (skill in upper case: the same scheme)', run: check(atUri('SKILL://host/pdf-tools')), ids: [] },
  },
  {
    id: 'sep-2640-skill-uri-scheme',
    input: 'a skill served under https://',
    trigger: check(atUri('https://skills.example/pdf-tools')),
    ids: ['sep-2640-skill-uri-scheme', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: 'https://skills.example/pdf-tools/SKILL.md', field: 'uri' }, message: ['the https: scheme, not skill://', 'from the web'] },
    near: { input: 'skill://skills.example', run: check(atUri('skill://skills.example/pdf-tools')), ids: [] },
  },
  {
    id: 'sep-2640-skill-uri-scheme',
    input: 'a skill:pdf-tools/SKILL.md URI (skill: without "//")',
    trigger: check(atUri('skill:pdf-tools')),
    ids: ['sep-2640-skill-uri-scheme', 'sep-2640-entry-uri-matches-frontmatter-name'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: 'skill:pdf-tools/SKILL.md', field: 'uri' }, message: ['the skill: scheme, not skill://', 'has no authority'] },
    near: { input: 'skill://pdf-tools', run: check(atUri('skill://pdf-tools')), ids: [] },
  },
  {
    id: 'sep-2640-skill-uri-scheme',
    input: 'a data: URI that is not …/SKILL.md at all',
    trigger: check(entryWith({ uri: DATA_URI, resources: [fileRef(DATA_URI, 'x')] })),
    ids: ['sep-2640-skill-uri-scheme', 'sep-2640-skillmd-required', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: DATA_URI, field: 'uri' }, message: ['the data: scheme, not skill://', 'carries its own content'] },
    near: { input: 'a skill:// URI not ending in SKILL.md', run: check(entryWith({ uri: `${ROOT}/README.md`, resources: [extraFile(`${ROOT}/README.md`)] })), ids: ['sep-2640-skillmd-required', 'sep-2640-resources-invalid-entry'] },
  },
  {
    id: 'sep-2640-skill-uri-scheme',
    input: 'file:/etc/SKILL.md (the local file itself)',
    trigger: check(entryWith({ uri: 'file:/etc/SKILL.md', resources: [fileRef('file:/etc/SKILL.md', 'x')] })),
    ids: ['sep-2640-skill-uri-scheme', 'sep-2640-entry-uri-matches-frontmatter-name', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: 'file:/etc/SKILL.md', field: 'uri' }, message: ['the file: scheme, not skill://'] },
    near: { input: 'skill://etc/SKILL.md', run: check(entryWith({ uri: 'skill://etc/SKILL.md', resources: [fileRef('skill://etc/SKILL.md', 'x')] })), ids: ['sep-2640-entry-uri-matches-frontmatter-name'] },
  },
  {
    id: 'inspector-uri-control-character',
    input: 'a line feed in the skill URI',
    trigger: check(atUri('skill://acme\n/pdf-tools')),
    ids: ['inspector-uri-control-character', 'sep-2640-authority-reg-name', 'sep-2640-resources-invalid-entry'],
    expect: {
      severity: 'error',
      location: { serverId: SERVER, skillUri: 'skill://acme\n/pdf-tools/SKILL.md', field: 'uri' },
      message: ['"skill://acme⟦LF⟧/pdf-tools/SKILL.md"', 'U+000A (LF) at character 13', 'percent-encode them, as %0A', 'never verified'],
      expected: 'no control characters',
      actual: 'U+000A (LF) at character 13',
    },
    near: { input: 'the line feed percent-encoded (%0A)', run: check(atUri('skill://acme%0A/pdf-tools')), ids: [] },
  },
  {
    id: 'inspector-uri-control-character',
    input: 'a NUL in a resource URI',
    trigger: check(withResource(extraFile(`${ROOT}/guide.md\u0000.sh`))),
    ids: ['inspector-uri-control-character', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2].uri', fileUri: `${ROOT}/guide.md\u0000.sh` }, message: ['The URI of resources[2]', '⟦NUL⟧', 'U+0000 (NUL)'] },
    near: { input: 'the same name with %00', run: check(withResource(extraFile(`${ROOT}/guide.md%00.sh`))), ids: [] },
  },
  {
    id: 'inspector-uri-control-character',
    input: 'DEL and a C1 control (U+0085) in a resource URI',
    trigger: check(withResource(extraFile(`${ROOT}/a\u007fb\u0085c.md`))),
    ids: ['inspector-uri-control-character', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2].uri', fileUri: `${ROOT}/a\u007fb\u0085c.md` }, message: ['⟦U+007F⟧b⟦U+0085⟧', 'U+007F (DEL) at character 25, U+0085 (C1 control) at character 27'] },
    near: { input: 'U+00A0 (a no-break space, not a control)', run: check(withResource(extraFile(`${ROOT}/a\u00a0b.md`))), ids: [] },
  },
  {
    id: 'inspector-uri-control-character',
    input: 'a right-to-left override (U+202E) in a resource URI',
    trigger: check(withResource(extraFile(`${ROOT}/\u202edm.exe`))),
    ids: ['inspector-uri-control-character', 'sep-2640-resources-invalid-entry'],
    expect: { severity: 'error', location: { ...at, field: 'resources[2].uri', fileUri: `${ROOT}/\u202edm.exe` }, message: ['U+202E (RLO, a bidirectional control)', '⟦RLO⟧dm.exe', 'as %E2%80%AE'] },
    near: { input: 'a zero-width space there instead (the review rules judge it)', run: check(withResource(extraFile(`${ROOT}/\u200bdm.exe`))), ids: [] },
  },
  {
    id: 'sep-2640-authority-reg-name',
    input: 'authority "acme:8080"',
    trigger: check(withAuthority('acme:8080')),
    ids: ['sep-2640-authority-reg-name'],
    expect: { severity: 'warning', location: { serverId: SERVER, skillUri: 'skill://acme:8080/pdf-tools/SKILL.md', field: 'uri' }, message: ['"acme:8080"', 'reg-name'] },
    near: { input: 'authority "acme-8080"', run: check(withAuthority('acme-8080')), ids: [] },
  },
];
