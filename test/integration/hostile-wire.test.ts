// Hostile servers at the wire: broken JSON, wrong shapes, endless or looping
// listings, 100 MB answers, answers that never come, crashes, floods. Each test
// asserts the exact finding or diagnostic, and that the engine, the bystander
// demo server and the "never verified unless it is" promise all survive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostileBench, ROUTES, idsOf, isPending } from '../fixtures/hostile/harness.js';

const ALPHA = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';
/** The stdio transport's message cap: twice the per-file cap, at least 1 MiB (BENCH_SETTINGS: 64 KiB per file). */
const MESSAGE_CAP = 1024 * 1024;
const MB = 1024 * 1024;
/** How a request timeout reads, in the SDK's words or the connection's (which names the setting). */
const TIMED_OUT = '(?:timed out|no answer within [\\d.]+ s)';

describe('hostile servers: wire level', () => {
  let bench: HostileBench;
  beforeAll(async () => {
    bench = await HostileBench.open();
  });
  afterAll(async () => bench?.close());

  /** Runs `body` with a short request timeout, then puts the bench's timeout back. */
  async function withTimeout(ms: number, body: () => Promise<void>): Promise<void> {
    const before = (await bench.call('settings.get', {})).requestTimeoutMs;
    await bench.call('settings.update', { requestTimeoutMs: ms });
    try {
      await body();
    } finally {
      await bench.call('settings.update', { requestTimeoutMs: before });
    }
  }

  it('invalid JSON over stdio: the listing times out with a finding, the connection stays usable', async () => {
    await withTimeout(2_000, async () => {
      const attack = await bench.attack('invalid-json');
      expect(attack.connection.status).toBe('connected');
      expect(attack.entries).toEqual([]);
      const findings = await bench.findings(attack.serverId);
      expect(idsOf(findings)).toEqual(['inspector-invalid-result']);
      expect(findings[0]?.message).toMatch(new RegExp(`^skills/list page 1 failed: .*${TIMED_OUT}`, 'i'));
      // The same connection still answers the requests that are not broken.
      expect((await bench.call('skills.loadByUri', { serverId: attack.serverId, uri: ALPHA })).uri).toBe(ALPHA);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });
  });

  it('invalid JSON over HTTP: the listing fails at once with the parse error', async () => {
    const attack = await bench.attack('invalid-json', { route: 'http' });
    const findings = await bench.findings(attack.serverId);
    expect(idsOf(findings)).toEqual(['inspector-invalid-result']);
    expect(findings[0]?.message).toMatch(/^skills\/list page 1 failed: .*JSON/);
    await bench.expectUnharmed(attack.serverId);
    await attack.end();
  });

  for (const { route, era } of ROUTES) {
    it(`a valid envelope with the wrong result shape is reported, not thrown (${route})`, async () => {
      const attack = await bench.attack('wrong-result-shape', { route, era });
      expect(attack.entries).toEqual([]);
      const findings = await bench.findings(attack.serverId);
      expect(idsOf(findings)).toEqual(['inspector-invalid-result']);
      expect(findings[0]).toMatchObject({ message: 'skills/list page 1 has no "skills" array.', expected: '{ skills: [...] }' });
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });

    it(`entries with wrong types are reported one by one; the valid entry still lists (${route})`, async () => {
      const attack = await bench.attack('wrong-entry-types', { route, era });
      expect(attack.entries.map((e) => [e.uri, e.status])).toEqual([
        ['skill://beta/SKILL.md', 'invalid'],
        [ALPHA, 'unread'],
      ]);
      const server = await bench.findings(attack.serverId);
      const noUri = server.find((f) => f.id === 'sep-2640-entry-uri-required' && !f.location.skillUri);
      expect(noUri?.message).toBe('skills/list page 1, entry 0 has no "uri" string (found 42).');
      expect(idsOf(await bench.findings(attack.serverId, 'skill://beta/SKILL.md'))).toEqual([
        'sep-2640-entry-frontmatter-required',
        'sep-2640-resources-digest-format',
        'sep-2640-resources-invalid-entry',
        'sep-2640-resources-size-required',
      ]);
      // The invalid entry is never verified, whatever is read (this server does not even serve its SKILL.md).
      const beta = await bench.call('skills.verify', { serverId: attack.serverId, skillUri: 'skill://beta/SKILL.md' });
      expect(beta.status).toBe('mismatch');
      expect(beta.files['skill://beta/SKILL.md']).toMatchObject({ state: 'failed', reason: 'read-error' });
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });

    it(`a skill listed on two pages is kept once and reported (${route})`, async () => {
      const attack = await bench.attack('duplicate-across-pages', { route, era });
      expect(attack.entries.map((e) => e.uri)).toEqual([ALPHA, 'skill://gamma/SKILL.md']);
      const findings = await bench.findings(attack.serverId, ALPHA);
      expect(idsOf(findings)).toEqual(['sep-2640-skills-list-entry-atomic']);
      expect(findings[0]?.message).toBe(`${ALPHA} appears on page 1 and again on page 2; the later copy was ignored.`);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });

    it(`a repeating cursor stops the listing after the second page (${route})`, async () => {
      const attack = await bench.attack('repeating-cursor', { route, era });
      expect(attack.entries.map((e) => e.uri)).toEqual([ALPHA]);
      const findings = await bench.findings(attack.serverId);
      expect(idsOf(findings)).toEqual(['sep-2640-skills-list-pagination']);
      expect(findings[0]).toMatchObject({ expected: 'a new cursor or none', actual: 'a repeated cursor' });
      const requests = (await bench.log(attack.serverId)).filter((e) => e.direction === 'out' && e.method === 'skills/list');
      expect(requests).toHaveLength(2);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });

    it(`a listing that never ends stops at the page limit (${route})`, async () => {
      const { maxListPages } = await bench.call('settings.get', {});
      const attack = await bench.attack('endless-listing', { route, era });
      expect(attack.entries.map((e) => e.uri)).toEqual([ALPHA]);
      expect(idsOf(await bench.findings(attack.serverId))).toEqual(['inspector-list-limit', 'sep-2640-skills-list-pagination']);
      const requests = (await bench.log(attack.serverId)).filter((e) => e.direction === 'out' && e.method === 'skills/list');
      expect(requests).toHaveLength(maxListPages);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });
  }

  it('a 100 MB listing over stdio is refused at the message cap, without holding it in memory', async () => {
    const before = process.memoryUsage().rss;
    const attack = await bench.attack('huge-listing');
    expect(process.memoryUsage().rss - before).toBeLessThan(80 * MB);
    const findings = await bench.findings(attack.serverId);
    expect(idsOf(findings)).toEqual(['inspector-invalid-result']);
    expect(findings[0]?.message).toMatch(/^skills\/list page 1 failed: /);
    const notes = (await bench.log(attack.serverId)).filter((e) => e.kind === 'note').map((e) => e.text);
    expect(notes).toContain(`Transport error: ReadBuffer exceeded maximum size of ${MESSAGE_CAP} bytes`);
    // The app hung up on that server, and only that one — and says why, not just "exited".
    const connection = await bench.connection(attack.serverId);
    expect(connection.status).toBe('failed');
    expect(connection.error).toMatchObject({ code: 'message-too-large', title: 'Connection lost: the server sent a message larger than the limit', whileConnected: true });
    expect(connection.error?.detail).toContain(`ReadBuffer exceeded maximum size of ${MESSAGE_CAP} bytes`);
    await bench.expectUnharmed(attack.serverId);
    await attack.end();
  });

  it('a 100 MB listing over HTTP is cut off at the cap while it streams in', async () => {
    const before = process.memoryUsage().rss;
    const attack = await bench.attack('huge-listing', { route: 'http' });
    expect(process.memoryUsage().rss - before).toBeLessThan(80 * MB);
    const findings = await bench.findings(attack.serverId);
    expect(idsOf(findings)).toEqual(['inspector-invalid-result']);
    expect(findings[0]?.message).toBe(`skills/list page 1 failed: The server's response passed the ${MESSAGE_CAP}-byte limit; reading stopped.`);
    expect((await bench.connection(attack.serverId)).status).toBe('connected');
    await bench.expectUnharmed(attack.serverId);
    await attack.end();
  });

  for (const { route, era } of ROUTES) {
    it(`a 100 MB resources/read answer is refused and the file is not verified (${route})`, async () => {
      const attack = await bench.attack('huge-read', { route, era });
      const before = process.memoryUsage().rss;
      const content = await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: GUIDE });
      expect(process.memoryUsage().rss - before).toBeLessThan(80 * MB);
      // The per-file limit stops the read on the wire (2 × 64 KiB + 64 KiB), long before the message cap.
      expect(content).toMatchObject({ base64: '', size: 0, check: { state: 'failed', reason: 'too-large' } });
      const findings = await bench.findings(attack.serverId, ALPHA);
      expect(idsOf(findings)).toEqual(['inspector-file-too-large']);
      expect(findings[0]?.message).toMatch(/^The answer to resources\/read of skill:\/\/alpha\/references\/guide\.md was stopped after \d+ bytes on the wire, past the 196608 bytes a file within the 65536-byte per-file limit can take/);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });

    it(`a read that is never answered times out; other calls answer meanwhile (${route})`, async () => {
      const attack = await bench.attack('silent-read', { route, era });
      await withTimeout(5_000, async () => {
        const read = bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: GUIDE });
        // While the hostile read hangs, the engine and the bystander answer.
        const demo = await bench.call('skills.verify', { serverId: bench.demoId, skillUri: 'skill://hello-world/SKILL.md' });
        expect(demo.status).toBe('verified');
        expect(await isPending(read)).toBe(true);
        const content = await read;
        expect(content.check).toMatchObject({ state: 'failed', reason: 'read-error' });
        expect(content.check.state === 'failed' && content.check.message).toMatch(new RegExp(`^resources/read of skill://alpha/references/guide\\.md failed.*${TIMED_OUT}`, 'i'));
      });
      expect(idsOf(await bench.findings(attack.serverId, ALPHA))).toEqual(['inspector-read-failed']);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });

    it(`a listing that is never answered times out with a finding (${route})`, async () => {
      await withTimeout(2_000, async () => {
        const attack = await bench.attack('silent-list', { route, era });
        expect(attack.entries).toEqual([]);
        const findings = await bench.findings(attack.serverId);
        expect(idsOf(findings)).toEqual(['inspector-invalid-result']);
        expect(findings[0]?.message).toMatch(new RegExp(`^skills/list page 1 failed: .*${TIMED_OUT}`, 'i'));
        await attack.end();
      });
      await bench.expectUnharmed(bench.demoId, { verifiedFiles: ['skill://hello-world/SKILL.md'], verifiedSkills: ['skill://hello-world/SKILL.md'] });
    });
  }

  it('a process that crashes mid-request: the read fails, the connection says how it died, a reconnect works', async () => {
    const attack = await bench.attack('crash-mid-request');
    const content = await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: GUIDE });
    expect(content.check).toMatchObject({ state: 'failed', reason: 'read-error' });
    expect(idsOf(await bench.findings(attack.serverId, ALPHA))).toEqual(['inspector-read-failed']);
    const connection = await waitForStatus(attack.serverId, 'failed');
    expect(connection.error?.code).toBe('process-exited');
    expect(connection.error?.detail).toMatch(/exited with code 70/);
    expect(connection.error?.detail).toMatch(/segfault \(simulated\)/);
    await bench.expectUnharmed(attack.serverId);
    // A new process, a new chance: the same server connects and lists again.
    const again = await bench.call('servers.connect', { serverId: attack.serverId });
    expect(again.status).toBe('connected');
    await attack.end();
  });

  it('an HTTP server that dies mid-answer: the read fails with a finding', async () => {
    const attack = await bench.attack('crash-mid-request', { route: 'http' });
    const content = await bench.call('skills.readFile', { serverId: attack.serverId, skillUri: ALPHA, fileUri: GUIDE });
    expect(content.check).toMatchObject({ state: 'failed', reason: 'read-error' });
    const findings = await bench.findings(attack.serverId, ALPHA);
    expect(idsOf(findings)).toEqual(['inspector-read-failed']);
    expect(findings[0]?.message).toMatch(/^resources\/read of skill:\/\/alpha\/references\/guide\.md failed: /);
    await bench.expectUnharmed(attack.serverId);
    await attack.end();
  });

  it('a process that exits at start fails to connect with its exit code and stderr', async () => {
    const attack = await bench.attack('exit-at-start');
    expect(attack.connection.status).toBe('failed');
    expect(attack.connection.error?.code).toBe('process-exited');
    expect(attack.connection.error?.title).toBe('Server process exited');
    expect(attack.connection.error?.detail).toMatch(/exited with code 3 before the connection was established/);
    expect(attack.connection.error?.detail).toMatch(/fatal: cannot open \/nonexistent\/config\.toml/);
    expect(await bench.call('skills.list', { serverId: attack.serverId })).toEqual([]);
    await bench.expectUnharmed(attack.serverId);
    await attack.end();
  });

  it('a stderr flood is kept within the log limit and does not stop the server being served', async () => {
    const { logLimit } = await bench.call('settings.get', {});
    const attack = await bench.attack('stderr-flood');
    expect(attack.entries.map((e) => e.uri)).toEqual([ALPHA]);
    const verified = await bench.call('skills.verify', { serverId: attack.serverId, skillUri: ALPHA });
    // Honest bytes behind the noise: verified is the right answer here.
    expect(verified.status).toBe('verified');
    const log = await bench.log(attack.serverId);
    expect(log.length).toBeLessThanOrEqual(logLimit);
    expect(log.some((e) => e.direction === 'stderr' && e.text?.startsWith('hostile-server: noise'))).toBe(true);
    await bench.expectUnharmed(attack.serverId, { verifiedFiles: [ALPHA, GUIDE], verifiedSkills: [ALPHA] });
    await attack.end();
  });

  // Over HTTP the flood is an SSE stream; 5,000 notifications stay under its byte cap (see the next test).
  for (const { route, era, count } of ROUTES.map((r) => ({ ...r, count: r.route === 'http' ? 5_000 : 20_000 }))) {
    it(`a flood of ${count} notifications is kept within the log limit; the answer behind it still arrives (${route})`, async () => {
      const { logLimit } = await bench.call('settings.get', {});
      const attack = await bench.attack('notification-flood', { route, era, args: ['--count', String(count)] });
      expect(attack.entries.map((e) => e.uri)).toEqual([ALPHA]);
      expect(await bench.findings(attack.serverId)).toEqual([]);
      const log = await bench.log(attack.serverId);
      expect(log.length).toBeLessThanOrEqual(logLimit);
      expect(log.filter((e) => e.kind === 'notification').length).toBeGreaterThan(logLimit / 2);
      await bench.expectUnharmed(attack.serverId);
      await attack.end();
    });
  }

  it('an SSE stream that passes the byte cap is cut off; its request fails then, not at the timeout', async () => {
    await withTimeout(2_000, async () => {
      const attack = await bench.attack('notification-flood', { route: 'http', args: ['--count', '400', '--payload', '8192'] });
      expect(attack.entries).toEqual([]);
      const findings = await bench.findings(attack.serverId);
      expect(idsOf(findings)).toEqual(['inspector-invalid-result']);
      expect(findings[0]?.message).toBe(`skills/list page 1 failed: The server's response passed the ${MESSAGE_CAP}-byte limit; reading stopped.`);
      const stopped = (await bench.log(attack.serverId)).filter((e) => e.direction === 'in' && e.text?.startsWith('Stopped at the cap'));
      expect(stopped).toMatchObject([{ method: 'skills/list', text: expect.stringContaining(`of an answer over the ${MESSAGE_CAP}-byte message cap; the rest was discarded.`) }]);
      await attack.end();
    });
    await bench.expectUnharmed(bench.demoId, { verifiedFiles: ['skill://hello-world/SKILL.md'], verifiedSkills: ['skill://hello-world/SKILL.md'] });
  });

  async function waitForStatus(serverId: string, status: string) {
    for (;;) {
      const connection = await bench.connection(serverId);
      if (connection.status === status) return connection;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
});
