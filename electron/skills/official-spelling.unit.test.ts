// The official conformance suite compares a listing's URIs as strings: the
// SKILL.md's own entry is `r.uri === entry.uri`, a duplicate is the same string
// twice, a file is within the skill when it starts with "<root>/". The app
// keys files by RFC 3986 normal form (a fragment, %2E for ".", the scheme's and
// authority's case name the same file), which is right for reading them. Before:
// the official IDs were judged by that normal form too, so a SKILL.md listed as
// "SKILL.md#top" passed sep-2640-resources-complete, "SKILL://…/guide.md" passed
// sep-2640-resources-uri-within-skill (the suite fails both), and "guide.md"
// beside "guide%2Emd" failed sep-2640-resources-complete (the suite passes it).
import { describe, expect, it } from 'vitest';
import { checkEntry } from './entry-rules.js';
import { GUIDE_URI, ROOT, SERVER, SKILL_URI, cleanSkill, entryWith, fileRef } from './finding-cases.unit.js';

const skill = cleanSkill();
const skillMd = skill.files[SKILL_URI]!;
const guide = skill.files[GUIDE_URI]!;
const check = (resources: unknown[]) => checkEntry(entryWith({ resources }), SERVER, 'entry 0');
const ids = (r: ReturnType<typeof check>) => r.findings.map((f) => f.id).sort();

describe('the SKILL.md listed under another spelling of the skill URI', () => {
  for (const spelled of [`${SKILL_URI}#top`, SKILL_URI.replace('SKILL.md', 'SKILL%2Emd')]) {
    it(`${spelled}: sep-2640-resources-complete as the official check says; still loadable and verified as the same file`, () => {
      const result = check([fileRef(spelled, skillMd), fileRef(GUIDE_URI, guide)]);
      expect(ids(result)).toEqual(['sep-2640-resources-complete']);
      const [complete] = result.findings;
      expect(complete).toMatchObject({ severity: 'error', location: { field: 'resources[0]', fileUri: spelled }, expected: `an entry with uri ${SKILL_URI}`, actual: spelled });
      expect(complete?.message).toContain(`lists the SKILL.md only as "${spelled}"`);
      expect(result.entry?.loadable).toBe(true);
    });
  }

  it('SKILL://…/SKILL.md: outside the root string as well, so sep-2640-resources-uri-within-skill too, as the official check says', () => {
    const spelled = SKILL_URI.replace('skill:', 'SKILL:');
    const result = check([fileRef(spelled, skillMd), fileRef(GUIDE_URI, guide)]);
    expect(ids(result)).toEqual(['sep-2640-resources-complete', 'sep-2640-resources-uri-within-skill']);
    expect(result.entry?.loadable).toBe(true);
  });

  it('the skill URI itself beside another spelling: no finding for the own entry, the second is a duplicate', () => {
    const result = check([fileRef(SKILL_URI, skillMd), fileRef(`${SKILL_URI}#top`, skillMd), fileRef(GUIDE_URI, guide)]);
    expect(ids(result)).toEqual(['inspector-duplicate-resource', 'sep-2640-resources-invalid-entry']);
  });
});

describe('a file listed twice', () => {
  it('under the same string: inspector-duplicate-resource and sep-2640-resources-complete', () => {
    expect(ids(check([fileRef(SKILL_URI, skillMd), fileRef(GUIDE_URI, guide), fileRef(GUIDE_URI, guide)]))).toEqual(['inspector-duplicate-resource', 'sep-2640-resources-complete', 'sep-2640-resources-invalid-entry']);
  });

  it('under two spellings of one file: inspector-duplicate-resource only (the official check compares strings)', () => {
    const result = check([fileRef(SKILL_URI, skillMd), fileRef(GUIDE_URI, guide), fileRef(GUIDE_URI.replace('guide.md', 'guide%2Emd'), guide)]);
    expect(ids(result)).toEqual(['inspector-duplicate-resource', 'sep-2640-resources-invalid-entry']);
    expect(result.entry?.loadable).toBe(false);
  });

  it('a third time under the first string: sep-2640-resources-complete again', () => {
    const other = GUIDE_URI.replace('guide.md', 'guide%2Emd');
    expect(ids(check([fileRef(SKILL_URI, skillMd), fileRef(GUIDE_URI, guide), fileRef(other, guide), fileRef(GUIDE_URI, guide)]))).toEqual([
      'inspector-duplicate-resource',
      'inspector-duplicate-resource',
      'sep-2640-resources-complete',
      'sep-2640-resources-invalid-entry',
    ]);
  });
});

describe('a file inside the skill by normal form, spelled outside its root string', () => {
  for (const spelled of [GUIDE_URI.replace('skill:', 'SKILL:'), GUIDE_URI.replace(ROOT, ROOT.replace(/\/([^/]+)$/, (_, last: string) => `/%${last.charCodeAt(0).toString(16)}${last.slice(1)}`))]) {
    it(`${spelled}: sep-2640-resources-uri-within-skill as the official check says; still loadable`, () => {
      const result = check([fileRef(SKILL_URI, skillMd), fileRef(spelled, guide)]);
      expect(ids(result)).toEqual(['sep-2640-resources-uri-within-skill']);
      expect(result.findings[0]).toMatchObject({ severity: 'error', location: { field: 'resources[1]', fileUri: spelled } });
      expect(result.findings[0]?.message).toContain(`does not start with "${ROOT}/"`);
      expect(result.entry?.loadable).toBe(true);
    });
  }

  it('spelled with the root string: no finding', () => {
    expect(ids(check([fileRef(SKILL_URI, skillMd), fileRef(GUIDE_URI, guide)]))).toEqual([]);
  });
});

describe("the skill URI's final segment spelled otherwise than the name", () => {
  const listed = (uri: string) => checkEntry(entryWith({ uri, resources: [fileRef(uri, skillMd)] }), SERVER, 'entry 0');

  it('pdf%2Dtools for the name pdf-tools: sep-2640-entry-uri-matches-frontmatter-name and sep-2640-name-naming-rules on the URI, as the official check says; still loadable', () => {
    const uri = 'skill://acme/pdf%2Dtools/SKILL.md';
    const result = listed(uri);
    expect(ids(result)).toEqual(['sep-2640-entry-uri-matches-frontmatter-name', 'sep-2640-name-naming-rules']);
    const matches = result.findings.find((f) => f.id === 'sep-2640-entry-uri-matches-frontmatter-name');
    expect(matches).toMatchObject({ severity: 'error', location: { field: 'uri' }, expected: 'pdf-tools', actual: 'pdf%2Dtools' });
    expect(matches?.message).toContain('is written "pdf%2Dtools"');
    expect(result.findings.find((f) => f.id === 'sep-2640-name-naming-rules')).toMatchObject({ location: { field: 'uri' }, actual: 'pdf%2Dtools' });
    expect(result.entry?.loadable).toBe(true);
  });

  it('SKILL%2Emd as its last segment: sep-2640-entry-uri-matches-frontmatter-name (the name is not recoverable from the URI as written)', () => {
    const result = listed('skill://acme/pdf-tools/SKILL%2Emd');
    expect(ids(result)).toEqual(['sep-2640-entry-uri-matches-frontmatter-name']);
    expect(result.findings[0]?.message).toContain('does not end in "/SKILL.md" as written');
  });

  it('skill:pdf-tools/SKILL.md, no "//": the official check reads no name from it, so sep-2640-entry-uri-matches-frontmatter-name too', () => {
    const result = listed('skill:pdf-tools/SKILL.md');
    expect(ids(result)).toEqual(['sep-2640-entry-uri-matches-frontmatter-name', 'sep-2640-skill-uri-scheme']);
    expect(result.findings.find((f) => f.id === 'sep-2640-entry-uri-matches-frontmatter-name')?.message).toContain('has no "//" after its scheme');
  });

  it('the authority in capitals (not compared by the official check): no finding', () => {
    expect(ids(listed('skill://ACME/pdf-tools/SKILL.md'))).toEqual([]);
  });
});
