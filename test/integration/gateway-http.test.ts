// `skill-inspector gateway --http`: Streamable HTTP on 127.0.0.1, a bearer
// token on every request, Host and Origin checked as the app's bridge checks
// them. A real SDK host with the token sees exactly the locked skills and
// verifies them; the official conformance suite's SEP-2640 server scenarios
// pass against it (through a local hop that adds the token: the suite sends no headers).
import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { MUTABLE_SERVER, SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';
import { stripVTControlCharacters } from 'node:util';
import { NODE22, ensureConformanceTools, type ConformanceRun } from '../conformance/tools.js';
import { ROOT } from '../support/paths.js';
import { gatewayOverHttp, hostOverHttp, type RunningGateway } from './gateway-harness.js';

const TOKEN = 'gateway-test-token-0123456789abcdef';
const NS = 'team-skills';
const FORMS_MD = skillMd('forms', 'Fill in forms.', [], '# Forms\n\nSee references/guide.md.\n');
const GUIDE = '# Guide\n\nStep 1: open the form.\n';
const NOTES_MD = skillMd('notes', 'Take notes.');

let gateway: RunningGateway;

const SUITE = path.join(ROOT, '.tools', 'conformance', 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

/**
 * One scenario, as tools.ts runs it but without blocking: the token hop lives
 * in this process, so the suite must not be run with spawnSync here.
 */
function runConformance(args: string[]): Promise<ConformanceRun> {
  const child = spawn(NODE22, [SUITE, ...args], { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('close', () => {
      clearTimeout(timer);
      const output = stripVTControlCharacters(out);
      const match = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(output);
      resolve(match ? { passed: Number(match[1]), total: Number(match[2]), failed: Number(match[3]), warnings: Number(match[4]), output } : { passed: 0, total: 0, failed: 1, warnings: 0, output });
    });
  });
}
let proxy: Server;
let proxyUrl: string;

/** What the gateway answers to a raw request with these headers. */
function status(headers: Record<string, string>, url = gateway.url): Promise<number> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: {} });
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  ensureConformanceTools();
  const folder = await SkillFolder.create();
  await folder.write('forms/SKILL.md', FORMS_MD);
  await folder.write('forms/references/guide.md', GUIDE);
  await folder.write('notes/SKILL.md', NOTES_MD);
  const lockFile = path.join(await tempDir('gateway-http'), 'skills.lock.json');
  const upstream = commandLine(process.execPath, MUTABLE_SERVER, '--dir', folder.dir);
  const lock = await runCli(['lock', '--stdio', upstream, '--label', 'Team skills', '--output', lockFile, '--quiet']);
  expect(lock.code, lock.stderr).toBe(0);
  gateway = await gatewayOverHttp(['--lock', lockFile, '--stdio', upstream], { SKILL_INSPECTOR_GATEWAY_TOKEN: TOKEN });
  const target = new URL(gateway.url);
  // The suite's client sends no Authorization header: this hop adds it, and names the gateway as its Host.
  proxy = createServer((req, res) => {
    const upstreamReq = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host, authorization: `Bearer ${TOKEN}` } }, (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
      upstreamRes.pipe(res);
    });
    upstreamReq.once('error', () => res.destroy());
    req.pipe(upstreamReq);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  const address = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp`;
}, 300_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await gateway?.stop();
});

describe('gateway over Streamable HTTP', { timeout: 180_000 }, () => {
  it('refuses a request without the token, with a wrong token, a wrong Host or a foreign Origin', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(await status({})).toBe(401);
    expect(await status({ authorization: 'Bearer not-the-token-at-all-0000000000' })).toBe(401);
    expect(await status({ ...auth, host: 'evil.example:80' })).toBe(403);
    expect(await status({ ...auth, origin: 'http://evil.example' })).toBe(403);
    expect(await status({ ...auth, origin: new URL(gateway.url).origin })).toBe(200);
    expect(await status(auth)).toBe(200);
  });

  it('a host with the token sees exactly the locked skills and verifies every file', async () => {
    const host = await hostOverHttp(gateway.url, TOKEN);
    try {
      const listing = await host.skills.list();
      expect(listing.skills.map((s) => s.uri)).toEqual([`skill://${NS}/forms/SKILL.md`, `skill://${NS}/notes/SKILL.md`]);
      const forms = listing.skills[0]!;
      expect(Buffer.from((await host.skills.read(forms)).bytes).toString('utf8')).toBe(FORMS_MD);
      expect(Buffer.from((await host.skills.read(forms, 'references/guide.md')).bytes).toString('utf8')).toBe(GUIDE);
      expect((await host.skills.readDirectory(`skill://${NS}/forms`)).resources.map((r) => [r.uri, r.mimeType])).toEqual([
        [`skill://${NS}/forms/SKILL.md`, 'text/markdown'],
        [`skill://${NS}/forms/references`, 'inode/directory'],
      ]);
    } finally {
      await host.close();
    }
  });

  for (const scenario of ['sep-2640-skills-enumeration', 'sep-2640-skills-manifest', 'sep-2640-skills-directory']) {
    it(`official conformance server scenario ${scenario} passes against the gateway (2026-07-28)`, async () => {
      const run = await runConformance(['server', '--url', proxyUrl, '--scenario', scenario]);
      expect(run.failed, run.output).toBe(0);
      expect(run.total).toBeGreaterThan(0);
      expect(run.passed, run.output).toBe(run.total);
    });
  }

  it('official conformance scenario sep-2640-skills-enumeration passes against the gateway on the 2025 era', async () => {
    const run = await runConformance(['server', '--url', proxyUrl, '--scenario', 'sep-2640-skills-enumeration', '--spec-version', '2025-11-25', '--force']);
    expect(run.failed, run.output).toBe(0);
    expect(run.passed, run.output).toBe(run.total);
  });
});
