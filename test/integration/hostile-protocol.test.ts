// Hostile servers that break the protocol's promises: skills/get answering for
// anything or with another skill, wrong error codes, malformed capabilities,
// a declared extension without its methods, absurd cache hints. The probes the
// app only runs on request (`skill-inspector check`) are exercised through the
// built CLI, a real process like the others.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { HOSTILE_SERVER, HostileBench, ROUTES, idsOf } from '../fixtures/hostile/harness.js';
import { CLI } from '../support/paths.js';

const ALPHA = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';

/** `skill-inspector check --json` against a hostile server; resolves with its findings. */
function cliCheck(behaviour: string, era: 'legacy' | 'modern'): Promise<Finding[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'check', '--stdio', `${process.execPath} ${HOSTILE_SERVER} ${behaviour} --era ${era}`, '--json', '--fail-on', 'never'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`check exited with ${code}: ${err}`));
      else resolve((JSON.parse(out) as { findings: Finding[] }).findings);
    });
  });
}

describe('hostile servers: protocol promises', () => {
  let bench: HostileBench;
  beforeAll(async () => {
    bench = await HostileBench.open();
  });
  afterAll(async () => bench?.close());

  for (const { route, era } of ROUTES) {
    it(`skills/get answering for an unknown URI: what it answers is never loadable (${route})`, async () => {
      const attack = await bench.attack('get-answers-unknown', { route, era });
      const made = await bench.call('skills.loadByUri', { serverId: attack.serverId, uri: 'skill://nothing-here/SKILL.md' });
      // Its echoed entry names "alpha" and lists alpha's files: outside the claimed skill.
      expect(made.status).toBe('invalid');
      expect(idsOf(await bench.findings(attack.serverId, 'skill://nothing-here/SKILL.md'))).toEqual([
        'sep-2640-entry-uri-matches-frontmatter-name',
        'sep-2640-names-should-be-unique',
        'sep-2640-resources-complete',
        'sep-2640-resources-invalid-entry',
        'sep-2640-resources-uri-within-skill',
      ]);
      // Nothing it lists is read on its behalf: its own SKILL.md (which it does not list) fails, so nothing else is read.
      const skill = await bench.call('skills.verify', { serverId: attack.serverId, skillUri: 'skill://nothing-here/SKILL.md' });
      expect(skill.files[GUIDE]).toMatchObject({ state: 'unread', reason: 'skill-md-failed' });
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });

    it(`skills/get answering with another skill is refused (${route})`, async () => {
      const attack = await bench.attack('get-different-skill', { route, era });
      const message = await bench.callFailing('skills.loadByUri', { serverId: attack.serverId, uri: 'skill://unlisted/SKILL.md' });
      expect(message).toBe('skills/get skill://unlisted/SKILL.md answered with a different skill, skill://impostor/SKILL.md.');
      const skill = await bench.call('skills.verify', { serverId: attack.serverId, skillUri: ALPHA });
      const findings = await bench.findings(attack.serverId, ALPHA);
      expect(idsOf(findings)).toEqual(['inspector-invalid-result', 'sep-2640-skills-get-entry-shape']);
      expect(findings.find((f) => f.id === 'sep-2640-skills-get-entry-shape')).toMatchObject({ expected: ALPHA, actual: 'skill://impostor/SKILL.md' });
      // The listing's own digests still hold for alpha's bytes; the impostor never replaced the entry.
      expect(skill.uri).toBe(ALPHA);
      expect((await bench.call('skills.list', { serverId: attack.serverId })).map((e) => e.uri)).toEqual([ALPHA]);
      await bench.expectUnharmed(attack.serverId, { verifiedFiles: [ALPHA, GUIDE], verifiedSkills: [ALPHA] });
      await attack.end();
    });

    it(`a capability inside an envelope is reported; the listing is still read (${route})`, async () => {
      const attack = await bench.attack('capability-envelope', { route, era });
      expect(attack.entries.map((e) => e.uri)).toEqual([ALPHA]);
      const findings = await bench.findings(attack.serverId);
      expect(idsOf(findings)).toEqual(['legacy-capability-envelope', 'sep-2640-capability-declaration-inline']);
      expect(findings.find((f) => f.id === 'sep-2640-capability-declaration-inline')?.message).toMatch(/envelope \(config, specVersion\)/);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });

    it(`a capability that is not an object fails the handshake with a diagnostic that names it (${route})`, async () => {
      const attack = await bench.attack('capability-not-object', { route, era });
      expect(attack.connection.status).toBe('failed');
      expect(attack.connection.error?.detail).toMatch(/capabilities[\s\S]*extensions[\s\S]*io\.modelcontextprotocol\/skills/);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });

    it(`a declared extension without its methods is reported; load by URI fails with the code (${route})`, async () => {
      const attack = await bench.attack('methods-missing', { route, era });
      expect(attack.entries).toEqual([]);
      expect(idsOf(await bench.findings(attack.serverId))).toEqual(['sep-2640-capability-commits-to-methods', 'sep-2640-skills-list-implemented']);
      const message = await bench.callFailing('skills.loadByUri', { serverId: attack.serverId, uri: ALPHA });
      expect(message).toMatch(/^skills\/get skill:\/\/alpha\/SKILL\.md failed \(-32601\): /);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });

    for (const [behaviour, ttl] of [
      ['ttl-negative', -5000],
      ['ttl-absurd', 1e15],
    ] as const) {
      it(`${behaviour}: ttlMs ${ttl} is reported and clamped (${route})`, async () => {
        const attack = await bench.attack(behaviour, { route, era });
        expect(attack.entries.map((e) => e.uri)).toEqual([ALPHA]);
        const findings = await bench.findings(attack.serverId);
        expect(idsOf(findings)).toEqual(['inspector-ttl-invalid']);
        expect(findings[0]).toMatchObject({
          expected: '0–86400000',
          actual: `${ttl}`,
          message: `skills/list page 1 has ttlMs ${ttl}; it was treated as ${ttl < 0 ? 0 : 86_400_000}.`,
        });
        // skills/get carries the same hint, and is reported the same way.
        await bench.call('skills.loadByUri', { serverId: attack.serverId, uri: ALPHA });
        const onGet = (await bench.findings(attack.serverId, ALPHA)).filter((f) => f.id === 'inspector-ttl-invalid');
        expect(onGet.map((f) => f.message)).toEqual([`skills/get ${ALPHA} has ttlMs ${ttl}; it was treated as ${ttl < 0 ? 0 : 86_400_000}.`]);
        await bench.expectUnharmed(attack.serverId);
        await attack.end();
      });
    }
  }

  it('wrong error codes on 2026-07-28: -32002 for a missing file is flagged next to the failed read', async () => {
    const attack = await bench.attack('wrong-error-codes', { era: 'modern' });
    const content = await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: GUIDE });
    expect(content.check).toMatchObject({ state: 'failed', reason: 'read-error' });
    const findings = await bench.findings(attack.serverId, ALPHA);
    expect(idsOf(findings)).toEqual(['inspector-read-failed', 'inspector-wrong-error-code']);
    expect(findings.find((f) => f.id === 'inspector-wrong-error-code')).toMatchObject({ expected: '-32602', actual: '-32002' });
    await bench.expectUnharmed(attack.serverId);
    await attack.end();
  });

  it('wrong error codes on the 2025 era: -32002 is that era\'s code, so only the failed read is reported', async () => {
    const attack = await bench.attack('wrong-error-codes', { era: 'legacy' });
    await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: GUIDE });
    expect(idsOf(await bench.findings(attack.serverId, ALPHA))).toEqual(['inspector-read-failed']);
    await attack.end();
  });

  it('check probes: skills/get must refuse an unknown URI with -32602', async () => {
    const answers = await cliCheck('get-answers-unknown', 'modern');
    expect(answers.find((f) => f.id === 'inspector-get-unknown-answered')).toMatchObject({ expected: 'error -32602', actual: 'a result' });
    const wrongCode = await cliCheck('wrong-error-codes', 'modern');
    expect(idsOf(wrongCode)).toEqual(['inspector-read-failed', 'inspector-wrong-error-code', 'sep-2640-skills-get-unknown-uri-invalid-params']);
    expect(wrongCode.find((f) => f.id === 'sep-2640-skills-get-unknown-uri-invalid-params')).toMatchObject({ expected: '-32602', actual: '-32603' });
    // An honest server passes both probes.
    expect(await cliCheck('honest', 'modern')).toEqual([]);
  });
});
