// Hostile servers that lie about content: sizes, digests, frontmatter,
// encodings, and files that change between the listing and the read. Nothing
// a lying server serves may ever be shown as verified; honest bytes still are.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostileBench, ROUTES, idsOf } from '../fixtures/hostile/harness.js';

const ALPHA = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';
// The fixture's bytes (test/fixtures/hostile/hostile-server.mjs), repeated here so the test can fail.
const GUIDE_V1 = Buffer.from('Guide text, version 1.\n');
const GUIDE_V2 = Buffer.from('Guide text, version 2.\n');
const CHANGED_GUIDE = Buffer.from('Guide text, version 3: now with an extra paragraph of instructions.\n');
const NOT_UTF8 = Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x41, 0xc3, 0x28, 0x0a]);
const sha256 = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

describe('hostile servers: content integrity', () => {
  let bench: HostileBench;
  beforeAll(async () => {
    bench = await HostileBench.open();
  });
  afterAll(async () => bench?.close());

  const read = (serverId: string, fileUri: string) => bench.call('skills.readFile', { serverId, skillUri: ALPHA, fileUri });

  for (const { route, era } of ROUTES) {
    describe(`over ${route} (${era} era)`, () => {
      it('a size smaller than the bytes is a size failure, before any hashing', async () => {
        const attack = await bench.attack('size-smaller', { route, era });
        const content = await read(attack.serverId, GUIDE);
        expect(content.check).toMatchObject({ state: 'failed', reason: 'size', expected: `${GUIDE_V1.length - 3}`, actual: `${GUIDE_V1.length}` });
        const findings = await bench.findings(attack.serverId, ALPHA);
        expect(idsOf(findings)).toEqual(['sep-2640-host-size-mismatch-failure']);
        expect(findings[0]?.location.fileUri).toBe(GUIDE);
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });

      it('a size larger than the bytes is a size failure', async () => {
        const attack = await bench.attack('size-larger', { route, era });
        const content = await read(attack.serverId, GUIDE);
        expect(content.check).toMatchObject({ state: 'failed', reason: 'size', expected: `${GUIDE_V1.length + 5}`, actual: `${GUIDE_V1.length}` });
        expect(idsOf(await bench.findings(attack.serverId, ALPHA))).toEqual(['sep-2640-host-size-mismatch-failure']);
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });

      it('a file listed over the per-file cap is refused without being requested', async () => {
        const attack = await bench.attack('size-over-cap', { route, era });
        const { maxFileBytes } = await bench.call('settings.get', {});
        const content = await read(attack.serverId, GUIDE);
        expect(content.check).toMatchObject({ state: 'failed', reason: 'too-large' });
        const findings = await bench.findings(attack.serverId, ALPHA);
        expect(idsOf(findings)).toEqual(['inspector-file-too-large', 'sep-2640-limit-total-size']);
        expect(findings.find((f) => f.id === 'inspector-file-too-large')).toMatchObject({ expected: `≤ ${maxFileBytes}`, actual: `${100 * 1024 * 1024}` });
        const reads = (await bench.log(attack.serverId)).filter((e) => e.direction === 'out' && e.method === 'resources/read');
        expect(reads).toEqual([]);
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });

      it('a digest of other bytes is a digest failure', async () => {
        const attack = await bench.attack('digest-mismatch', { route, era });
        const content = await read(attack.serverId, GUIDE);
        expect(content.check).toMatchObject({
          state: 'failed',
          reason: 'digest',
          expected: sha256(Buffer.from('some other content entirely')),
          actual: sha256(GUIDE_V1),
        });
        expect(idsOf(await bench.findings(attack.serverId, ALPHA))).toEqual(['sep-2640-host-verify-digest']);
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });

      it('bytes of the listed size but not the listed bytes are a digest failure', async () => {
        expect(GUIDE_V2.length).toBe(GUIDE_V1.length);
        const attack = await bench.attack('same-size-different-bytes', { route, era });
        const content = await read(attack.serverId, GUIDE);
        expect(content.check).toMatchObject({ state: 'failed', reason: 'digest', expected: sha256(GUIDE_V1), actual: sha256(GUIDE_V2) });
        // The bytes are shown as served (that is what an inspector is for), never as verified.
        expect(Buffer.from(content.base64, 'base64').equals(GUIDE_V2)).toBe(true);
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });

      it('frontmatter that differs from the listing fails SKILL.md even with an honest digest', async () => {
        const attack = await bench.attack('frontmatter-mismatch', { route, era });
        const content = await read(attack.serverId, ALPHA);
        expect(content.check).toMatchObject({ state: 'failed', reason: 'frontmatter' });
        const findings = await bench.findings(attack.serverId, ALPHA);
        expect(idsOf(findings)).toEqual(['sep-2640-entry-frontmatter-identical', 'sep-2640-host-frontmatter-comparison']);
        expect(findings.find((f) => f.id === 'sep-2640-host-frontmatter-comparison')).toMatchObject({
          location: { field: 'description', line: 3 },
          expected: '"A harmless formatting helper."',
          actual: `"Exfiltrates the user's SSH keys."`,
        });
        const skill = await bench.call('skills.verify', { serverId: attack.serverId, skillUri: ALPHA });
        expect(skill.status).toBe('mismatch');
        await bench.expectUnharmed(attack.serverId, { verifiedFiles: [GUIDE] });
        await attack.end();
      });

      it('a SKILL.md without frontmatter fails', async () => {
        const attack = await bench.attack('no-frontmatter', { route, era });
        const content = await read(attack.serverId, ALPHA);
        expect(content.check).toMatchObject({ state: 'failed', reason: 'frontmatter' });
        expect(idsOf(await bench.findings(attack.serverId, ALPHA))).toEqual(['agentskills-frontmatter-missing', 'sep-2640-skillmd-frontmatter']);
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });

      it('a SKILL.md with invalid YAML fails, with the line', async () => {
        const attack = await bench.attack('invalid-yaml', { route, era });
        const content = await read(attack.serverId, ALPHA);
        expect(content.check).toMatchObject({ state: 'failed', reason: 'frontmatter' });
        const findings = await bench.findings(attack.serverId, ALPHA);
        expect(idsOf(findings)).toEqual(['agentskills-frontmatter-invalid-yaml', 'sep-2640-skillmd-frontmatter']);
        expect(findings.find((f) => f.id === 'agentskills-frontmatter-invalid-yaml')?.location.line).toBeGreaterThanOrEqual(2);
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });

      it('an entry without resources is invalid and its SKILL.md is only ever unverifiable', async () => {
        const attack = await bench.attack('resources-missing', { route, era });
        expect(attack.entries.map((e) => e.status)).toEqual(['invalid']);
        expect(idsOf(await bench.findings(attack.serverId, ALPHA))).toEqual([
          'legacy-resources-omitted',
          'sep-2640-entry-resources-required',
          'sep-2640-resources-invalid-entry',
        ]);
        const skill = await bench.call('skills.verify', { serverId: attack.serverId, skillUri: ALPHA });
        expect(skill.status).toBe('invalid');
        expect(skill.files[ALPHA]?.state).toBe('unverifiable');
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });

      it('an answer for another URI is an error and is not verified, though its bytes match the listing', async () => {
        const attack = await bench.attack('read-wrong-uri', { route, era });
        const content = await read(attack.serverId, GUIDE);
        // Bytes served under another URI are not this file's: none of them is used (issue 13, item 5).
        expect(content).toMatchObject({ base64: '', check: { state: 'failed', reason: 'read-error' } });
        const findings = await bench.findings(attack.serverId, ALPHA);
        expect(idsOf(findings)).toEqual(['inspector-read-wrong-uri']);
        expect(findings[0]).toMatchObject({ severity: 'error', expected: GUIDE, actual: 'skill://alpha/references/other.md' });
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });

      it('non-UTF-8 bytes are kept exactly and shown as bytes, not text', async () => {
        const attack = await bench.attack('non-utf8', { route, era });
        const content = await read(attack.serverId, GUIDE);
        expect(Buffer.from(content.base64, 'base64').equals(NOT_UTF8)).toBe(true);
        expect(content.isText).toBe(false);
        expect(content.text).toBeUndefined();
        // Honest digest of these exact bytes.
        expect(content.check).toMatchObject({ state: 'verified', digest: sha256(NOT_UTF8) });
        expect(idsOf(await bench.findings(attack.serverId, ALPHA))).toEqual(['inspector-not-utf8']);
        await bench.expectUnharmed(attack.serverId, { verifiedFiles: [GUIDE] });
        await attack.end();
      });

      it('a blob that is not base64 cannot be verified', async () => {
        const attack = await bench.attack('invalid-base64', { route, era });
        const content = await read(attack.serverId, GUIDE);
        const findings = await bench.findings(attack.serverId, ALPHA);
        if (era === 'legacy') {
          expect(content).toMatchObject({ base64: '', check: { state: 'failed', reason: 'decode' } });
          expect(idsOf(findings)).toEqual(['inspector-invalid-base64']);
        } else {
          // On 2026-07-28 the SDK's codec rejects the result before the inspector decodes it.
          expect(content).toMatchObject({ base64: '', check: { state: 'failed', reason: 'read-error' } });
          expect(idsOf(findings)).toEqual(['inspector-read-failed']);
          expect(findings[0]?.message).toMatch(/Invalid result for resources\/read[\s\S]*blob/);
        }
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });

      it('a skill that changes between list and read fails, skills/get shows the change, a new listing recovers', async () => {
        const attack = await bench.attack('changes-between-list-and-read', { route, era });
        const stale = await read(attack.serverId, GUIDE);
        expect(stale.check).toMatchObject({ state: 'failed', reason: 'size', expected: `${GUIDE_V1.length}`, actual: `${CHANGED_GUIDE.length}` });
        const verified = await bench.call('skills.verify', { serverId: attack.serverId, skillUri: ALPHA });
        expect(verified.status).toBe('mismatch');
        const findings = await bench.findings(attack.serverId, ALPHA);
        expect(idsOf(findings)).toEqual(['inspector-get-mismatch', 'sep-2640-host-size-mismatch-failure']);
        expect(findings.find((f) => f.id === 'inspector-get-mismatch')?.location.field).toBe('resources');
        // The server's new description of the skill is honest about the new bytes.
        const relisted = await bench.call('skills.refresh', { serverId: attack.serverId });
        expect(relisted.find((e) => e.uri === ALPHA)?.files[GUIDE]).toEqual({ state: 'unread' });
        const fresh = await read(attack.serverId, GUIDE);
        expect(fresh.check).toMatchObject({ state: 'verified', digest: sha256(CHANGED_GUIDE), size: CHANGED_GUIDE.length });
        await bench.expectUnharmed(attack.serverId, { verifiedFiles: [ALPHA, GUIDE], verifiedSkills: [ALPHA] });
        await attack.end();
      });
    });
  }
});
