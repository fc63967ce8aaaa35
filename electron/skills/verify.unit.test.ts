import { describe, expect, it } from 'vitest';
import { VERIFY_CASES } from './finding-cases-format.unit.js';
import { checkEntry } from './entry-rules.js';
import { GUIDE_MD, GUIDE_URI, ROOT, SERVER, SKILL_MD, SKILL_URI, cleanSkill, entryWith, fileRef, runFindingCases, sha256Of } from './finding-cases.unit.js';
import { findResource, sha256, verifyFile, type VerifiableEntry } from './verify.js';

runFindingCases(VERIFY_CASES);

const skill = cleanSkill();
const entry: VerifiableEntry = { uri: skill.uri, frontmatter: skill.entry['frontmatter'] as Record<string, unknown>, resources: skill.entry['resources'] as VerifiableEntry['resources'], loadable: true };
const NOW = '2026-01-01T00:00:00.000Z';
const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('verifyFile', () => {
  it('verifies the exact listed bytes and returns their digest', () => {
    const verdict = verifyFile(entry, GUIDE_URI, bytes(GUIDE_MD), { serverId: SERVER, now: NOW });
    expect(verdict.check).toEqual({ state: 'verified', digest: sha256Of(GUIDE_MD), size: GUIDE_MD.length, checkedAt: NOW });
    expect(verdict.findings).toEqual([]);
  });

  it('checks size before digest: a longer file fails on size, naming both sizes', () => {
    const verdict = verifyFile(entry, GUIDE_URI, bytes(`${GUIDE_MD}x`), { serverId: SERVER, now: NOW });
    expect(verdict.check).toMatchObject({ state: 'failed', reason: 'size', expected: `${GUIDE_MD.length}`, actual: `${GUIDE_MD.length + 1}` });
  });

  it('fails on digest with both digests in the check', () => {
    const served = GUIDE_MD.replace('G', 'g');
    const verdict = verifyFile(entry, GUIDE_URI, bytes(served), { serverId: SERVER, now: NOW });
    expect(verdict.check).toMatchObject({ state: 'failed', reason: 'digest', expected: sha256Of(GUIDE_MD), actual: sha256Of(served) });
    expect(verdict.digest).toBe(sha256Of(served));
  });

  it('hashes bytes, not text: the same characters in UTF-16 do not verify', () => {
    const utf16 = Buffer.from(GUIDE_MD, 'utf16le');
    const listed: VerifiableEntry = { ...entry, resources: [fileRef(SKILL_URI, SKILL_MD), { ...fileRef(GUIDE_URI, GUIDE_MD), size: utf16.byteLength }] };
    expect(verifyFile(listed, GUIDE_URI, utf16, { serverId: SERVER, now: NOW }).check).toMatchObject({ state: 'failed', reason: 'digest' });
  });

  it('fails SKILL.md on frontmatter even when its digest matches, listing each differing field', () => {
    const served = SKILL_MD.replace('Fill PDF forms.', 'Other.');
    const listed: VerifiableEntry = { ...entry, resources: [fileRef(SKILL_URI, served)] };
    const verdict = verifyFile(listed, SKILL_URI, bytes(served), { serverId: SERVER, now: NOW });
    expect(verdict.check).toEqual({
      state: 'failed',
      reason: 'frontmatter',
      message: 'Frontmatter differs from the listing: description: listing "Fill PDF forms.", file "Other."',
      expected: 'description="Fill PDF forms."',
      actual: 'description="Other."',
      checkedAt: NOW,
    });
    expect(verdict.skillMd?.ok).toBe(true);
  });

  it('marks a dynamic skill unverifiable, but still applies the format rules to its SKILL.md', () => {
    const dynamic: VerifiableEntry = { ...entry, resources: 'dynamic' };
    const verdict = verifyFile(dynamic, SKILL_URI, bytes('no frontmatter'), { serverId: SERVER, now: NOW });
    expect(verdict.check).toMatchObject({ state: 'failed', reason: 'frontmatter' });
    expect(verdict.findings.map((f) => f.id)).toEqual(['agentskills-frontmatter-missing', 'sep-2640-skillmd-frontmatter']);
    const ok = verifyFile(dynamic, SKILL_URI, bytes(SKILL_MD), { serverId: SERVER, now: NOW });
    expect(ok.check).toMatchObject({ state: 'unverifiable' });
    expect(ok.check.state === 'unverifiable' && ok.check.reason).toContain('dynamic');
  });

  it('marks a legacy file with no digest unverifiable rather than verified', () => {
    const legacy: VerifiableEntry = { ...entry, resources: [{ uri: GUIDE_URI, digest: '', size: -1 }] };
    expect(verifyFile(legacy, GUIDE_URI, bytes(GUIDE_MD), { serverId: SERVER, now: NOW }).check.state).toBe('unverifiable');
  });

  it('checks the digest of a legacy file with no size, but never calls it verified (reduced integrity)', () => {
    const legacy: VerifiableEntry = { ...entry, legacyForm: 'index.json L1 (type + digest)', resources: [{ uri: GUIDE_URI, digest: sha256Of(GUIDE_MD), size: -1 }] };
    const check = verifyFile(legacy, GUIDE_URI, bytes(GUIDE_MD), { serverId: SERVER, now: NOW }).check;
    expect(check).toEqual({
      state: 'unverifiable',
      reason: 'Reduced integrity: the digest matches, but the server published no size for this file (the legacy form index.json L1 (type + digest)), so it is not shown as verified.',
      checkedAt: NOW,
    });
    expect(verifyFile(legacy, GUIDE_URI, bytes(`${GUIDE_MD}x`), { serverId: SERVER, now: NOW }).check).toMatchObject({ reason: 'digest' });
  });

  it.each([
    [-5, '-5'],
    [1.5, '1.5'],
    [undefined, 'absent'],
    [null, 'null'],
    ['30', '"30"'],
    [-1, '-1'],
  ])('fails a current entry whose declared size is %j, naming it as sent against the bytes served', (size, declared) => {
    const resources = (skill.entry['resources'] as Array<Record<string, unknown>>).map((r) => (r['uri'] === GUIDE_URI ? entryWith({ size }, r) : r));
    const checked = checkEntry(entryWith({ resources }), SERVER, 'test').entry!;
    const verdict = verifyFile(checked, GUIDE_URI, bytes(GUIDE_MD), { serverId: SERVER, now: NOW });
    expect(verdict.check).toMatchObject({ state: 'failed', reason: 'size', expected: declared, actual: `${Buffer.byteLength(GUIDE_MD)}` });
    expect(verdict.findings.map((f) => [f.id, f.expected, f.actual])).toEqual([['sep-2640-host-size-mismatch-failure', declared, `${Buffer.byteLength(GUIDE_MD)} bytes`]]);
    // The other file, honestly sized, still matches, but its entry is invalid: not verified either.
    expect(verifyFile(checked, SKILL_URI, bytes(SKILL_MD), { serverId: SERVER, now: NOW }).check.state).toBe('unverifiable');
  });

  it('treats the SEP v1 shape (no file has a size) as reduced integrity: unverifiable, digest still checked', () => {
    const resources = (skill.entry['resources'] as Array<Record<string, unknown>>).map((r) => entryWith({ size: undefined }, r));
    const checked = checkEntry(entryWith({ resources }), SERVER, 'test').entry!;
    const ok = verifyFile(checked, GUIDE_URI, bytes(GUIDE_MD), { serverId: SERVER, now: NOW });
    expect(ok.check).toMatchObject({ state: 'unverifiable', reason: expect.stringContaining('the SEP v1 entry shape') as unknown });
    expect(ok.findings).toEqual([]);
    expect(verifyFile(checked, GUIDE_URI, bytes(`${GUIDE_MD}x`), { serverId: SERVER, now: NOW }).check).toMatchObject({ state: 'failed', reason: 'digest' });
  });

  it('never verifies a file of an entry that is not loadable, however well its bytes match', () => {
    const invalid: VerifiableEntry = { ...entry, loadable: false };
    const verdict = verifyFile(invalid, GUIDE_URI, bytes(GUIDE_MD), { serverId: SERVER, now: NOW });
    expect(verdict.check).toEqual({
      state: 'unverifiable',
      reason: "The bytes match the listing, but the skill's entry is invalid (see its findings), so a host must not load it and its files are never verified.",
      checkedAt: NOW,
    });
    expect(verifyFile(invalid, SKILL_URI, bytes(SKILL_MD), { serverId: SERVER, now: NOW }).check.state).toBe('unverifiable');
    // A mismatch is still reported as one.
    expect(verifyFile(invalid, GUIDE_URI, bytes(`${GUIDE_MD}x`), { serverId: SERVER, now: NOW }).check).toMatchObject({ state: 'failed', reason: 'size' });
  });

  it('checks bytes read at a listed URI against that URI\'s listing, not another one canonical form joins to it', () => {
    // The SDK lists a file named x\\y.md as …/x%5Cy.md beside …/x/y.md: two files, one canonical URI.
    const SLASHED = '# In the folder x\n';
    const BACKSLASHED = '# A file named x\\y.md, longer\n';
    const resources = [...(entry.resources as readonly { uri: string; digest: string; size: number }[]), fileRef(`${ROOT}/x%5Cy.md`, BACKSLASHED), fileRef(`${ROOT}/x/y.md`, SLASHED)];
    const both: VerifiableEntry = { ...entry, resources, loadable: false };
    const slashed = verifyFile(both, `${ROOT}/x/y.md`, bytes(SLASHED), { serverId: SERVER, now: NOW });
    expect(slashed.findings).toEqual([]);
    expect(slashed.check).toMatchObject({ state: 'unverifiable' });
    const backslashed = verifyFile(both, `${ROOT}/x%5Cy.md`, bytes(BACKSLASHED), { serverId: SERVER, now: NOW });
    expect(backslashed.findings).toEqual([]);
    expect(backslashed.check).toMatchObject({ state: 'unverifiable' });
  });
});

describe('findResource and sha256', () => {
  it('finds a resource by exact or canonical URI, and nothing outside the list', () => {
    expect(findResource(entry, GUIDE_URI)?.uri).toBe(GUIDE_URI);
    expect(findResource(entry, 'SKILL://acme/pdf-tools/references/%67uide.md')?.uri).toBe(GUIDE_URI);
    expect(findResource(entry, `${GUIDE_URI}x`)).toBeUndefined();
    expect(findResource({ ...entry, resources: 'dynamic' }, GUIDE_URI)).toBeUndefined();
  });

  it('hashes the empty file to the well-known SHA-256', () => {
    expect(sha256(new Uint8Array())).toBe('sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
