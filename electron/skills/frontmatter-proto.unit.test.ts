// A listing whose frontmatter differs from the served SKILL.md's only in a
// "__proto__" (or "constructor") field, in the main process, where every
// verdict is made: the entry as it comes off the wire (JSON.parse: an own
// "__proto__" key), through the entry rules, the comparison with the served
// file (YAML: an own key too) and a relisting. Such a skill is never
// "verified", the field is named, and nothing reaches Object.prototype.
import { describe, expect, it } from 'vitest';
import { checkEntry, type CheckedEntry } from './entry-rules.js';
import { SERVER, SKILL_MD, SKILL_URI, cleanSkill, fileRef } from './finding-cases.unit.js';
import { ServerSkills, statusOf } from './registry.js';
import { verifyFile, type VerifiableEntry } from './verify.js';

const NOW = '2026-01-01T00:00:00.000Z';
const FRONTMATTER = '{"name":"pdf-tools","description":"Fill PDF forms."';

/** The entry as a server lists it, with `frontmatter` spelled out as JSON text (an object literal would set the prototype). */
function listed(frontmatterJson: string, md = SKILL_MD): CheckedEntry {
  const text = `{"uri":${JSON.stringify(SKILL_URI)},"frontmatter":${frontmatterJson},"resources":${JSON.stringify([fileRef(SKILL_URI, md)])}}`;
  return entryOf(checkEntry(JSON.parse(text), SERVER, 'skills/list'));
}

function entryOf(check: ReturnType<typeof checkEntry>): CheckedEntry {
  if (!check.entry) throw new Error(`no entry: ${check.findings.map((f) => f.id).join(', ')}`);
  return check.entry;
}

function verify(entry: VerifiableEntry, md: string) {
  return verifyFile(entry, SKILL_URI, Buffer.from(md), { serverId: SERVER, mimeType: 'text/markdown', now: NOW });
}

const differing = (findings: readonly { id: string; location: { field?: string | undefined }; expected?: string | undefined; actual?: string | undefined }[]) =>
  findings.filter((f) => f.id === 'sep-2640-host-frontmatter-comparison').map((f) => [f.location.field, f.expected, f.actual]);

describe('a frontmatter that differs only in a prototype name', () => {
  it('a "__proto__" field only in the listing fails SKILL.md on frontmatter, naming the field', () => {
    for (const [value, shown] of [['"x"', '"x"'], ['null', 'null'], ['{"name":"pdf-tools","polluted":true}', '{"name":"pdf-tools","polluted":true}']] as const) {
      const verdict = verify(listed(`${FRONTMATTER},"__proto__":${value}}`), SKILL_MD);
      expect(verdict.check).toMatchObject({ state: 'failed', reason: 'frontmatter', expected: `__proto__=${shown}`, actual: '__proto__=(absent)' });
      expect(differing(verdict.findings)).toEqual([['__proto__', shown, '(absent)']]);
      expect(verdict.findings.find((f) => f.id === 'sep-2640-entry-frontmatter-identical')?.message).toBe("The entry's frontmatter is not identical to the served SKILL.md's (__proto__).");
    }
  });

  it('a "__proto__" field only in the served file fails it too, at its line: hosts built on the SDK refuse the key', () => {
    const md = SKILL_MD.replace('description: Fill PDF forms.\n', 'description: Fill PDF forms.\n__proto__:\n  polluted: yes\n');
    const verdict = verify(listed(`${FRONTMATTER}}`, md), md);
    expect(verdict.check).toMatchObject({ state: 'failed', reason: 'frontmatter', message: 'SKILL.md has no usable frontmatter: Hosts built on the MCP SDK refuse this SKILL.md: it has a "__proto__" key, which their reader refuses.' });
    expect(verdict.findings.filter((f) => f.id === 'sep-2640-skillmd-frontmatter').map((f) => f.location.line)).toEqual([4]);
  });

  it('a "__proto__" or "constructor" key nested in a field is a difference of that field', () => {
    const md = SKILL_MD.replace('description: Fill PDF forms.\n', 'description: Fill PDF forms.\nmetadata:\n  author: a\n');
    // Keys sorted, as the comparison writes them.
    for (const [key, shown] of [['__proto__', '{"__proto__":"x","author":"a"}'], ['constructor', '{"author":"a","constructor":"x"}']] as const) {
      const verdict = verify(listed(`${FRONTMATTER},"metadata":{"author":"a",${JSON.stringify(key)}:"x"}}`, md), md);
      expect(differing(verdict.findings)).toEqual([['metadata', shown, '{"author":"a"}']]);
    }
  });

  it('the same "constructor" field on both sides verifies; the same "__proto__" too does not (the SDK refuses the key), and both are kept as own keys', () => {
    const md = SKILL_MD.replace('description: Fill PDF forms.\n', 'description: Fill PDF forms.\n__proto__: p\nconstructor: c\n');
    const entry = listed(`${FRONTMATTER},"__proto__":"p","constructor":"c"}`, md);
    expect(Object.keys(entry.frontmatter)).toEqual(['name', 'description', '__proto__', 'constructor']);
    expect(verify(entry, md).check).toMatchObject({ state: 'failed', reason: 'frontmatter' });
    const mdConstructor = SKILL_MD.replace('description: Fill PDF forms.\n', 'description: Fill PDF forms.\nconstructor: c\n');
    const constructorOnly = listed(`${FRONTMATTER},"constructor":"c"}`, mdConstructor);
    expect(verify(constructorOnly, mdConstructor).check).toEqual({ state: 'verified', digest: fileRef(SKILL_URI, mdConstructor).digest, size: Buffer.byteLength(mdConstructor), checkedAt: NOW });
  });

  it('a relisting that adds only a "__proto__" field turns a verified SKILL.md into a mismatch', () => {
    const state = new ServerSkills(SERVER, () => 1 << 30);
    const upsert = (frontmatterJson: string) => state.upsert(listed(frontmatterJson), { source: 'listed', findings: [] });
    const first = upsert(`${FRONTMATTER}}`);
    const verdict = verify({ ...first.entry, legacyForm: undefined }, SKILL_MD);
    state.setFile(first, SKILL_URI, verdict.check, verdict.findings);
    expect(statusOf(first)).toBe('verified');
    const second = upsert(`${FRONTMATTER},"__proto__":{"name":"pdf-tools"}}`);
    expect(second.files.get(SKILL_URI)).toMatchObject({ state: 'failed', reason: 'frontmatter', expected: '__proto__={"name":"pdf-tools"}' });
    expect(statusOf(second)).toBe('mismatch');
  });

  it('leaves Object.prototype untouched: a "__proto__" object in the listing, its _meta and the file is data', () => {
    const md = SKILL_MD.replace('description: Fill PDF forms.\n', 'description: Fill PDF forms.\n__proto__:\n  polluted: yes\n');
    const check = checkEntry(JSON.parse(`{"uri":${JSON.stringify(SKILL_URI)},"frontmatter":${FRONTMATTER},"__proto__":{"polluted":true}},"resources":[],"_meta":{"__proto__":{"polluted":true},"constructor":"c"}}`), SERVER, 'skills/list');
    verify(entryOf(check), md);
    expect(check.findings.filter((f) => f.id === 'sep-2640-meta-prefix').map((f) => f.location.field)).toEqual(['_meta.__proto__', '_meta.constructor']);
    expect(Object.getPrototypeOf(entryOf(check).frontmatter)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});

// Keeps cleanSkill's entry shape in view: the test entries above are it with the frontmatter spelled out.
it('the base entry is the clean skill of the finding cases', () => {
  expect(JSON.parse(`${FRONTMATTER}}`)).toEqual(cleanSkill().entry['frontmatter']);
});
