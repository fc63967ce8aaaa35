// The gateway reads approvals.json and servers.json as the app's own store does
// since 4595ce4: bytes that are not UTF-8 (a bit flipped on disk, a file saved
// in Latin-1) are damage, not text to decode leniently into U+FFFD. Decoded
// leniently, the gateway served the skills of a file the app itself refuses
// to load, and said nothing. Now the refresh fails, naming the file and the
// byte, line and column, so nothing is served from that file (a host's listing
// fails with the same words; the command prints them on stderr).
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run.js';
import { SnapshotStore, sha256Digest } from '../snapshots/snapshot-store.js';
import { APPROVALS_FILE, ApprovedCatalog } from './approved-catalog.js';
import { Gateway } from './gateway.js';

const SKILL_MD = Buffer.from('---\nname: notes\ndescription: Takes notes\n---\nWrite it down.\n', 'utf8');
const SKILL = 'skill://notes/SKILL.md';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

/** A data folder with one approved, enabled skill, its files as the app writes them. */
async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-approvals-encoding-'));
  dirs.push(dir);
  await fs.writeFile(path.join(dir, 'servers.json'), `${JSON.stringify({ version: 1, servers: [{ id: 'srv', label: 'Notes server' }] }, null, 2)}\n`);
  await new SnapshotStore(path.join(dir, 'snapshots')).put('srv', SKILL_MD);
  const record = {
    serverId: 'srv',
    skillUri: SKILL,
    skillName: 'notes',
    decision: 'approved',
    resources: [{ uri: SKILL, digest: sha256Digest(SKILL_MD), size: SKILL_MD.byteLength }],
    frontmatter: { name: 'notes', description: 'Takes notes' },
    fingerprint: 'f',
    decidedAt: '2026-01-01T00:00:00.000Z',
    enabled: true,
    allowedTools: null,
  };
  await fs.writeFile(path.join(dir, APPROVALS_FILE), `${JSON.stringify({ version: 1, approvals: [record] }, null, 2)}\n`);
  return dir;
}

/** Flips the top bit of the first byte of `word` in the file: 'n' (0x6e) becomes 0xee, which starts no UTF-8 sequence here. */
async function flipBit(file: string, word: string): Promise<void> {
  const bytes = await fs.readFile(file);
  const at = bytes.indexOf(word);
  expect(at).toBeGreaterThanOrEqual(0);
  bytes[at] = bytes[at]! ^ 0x80;
  await fs.writeFile(file, bytes);
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as Error,
  );

describe('the gateway and a store whose bytes are not UTF-8', () => {
  it('serves the skill while the files are whole', async () => {
    const dir = await dataDir();
    expect((await new ApprovedCatalog(dir).refresh()).map((s) => s.upstreamUri)).toEqual([SKILL]);
  });

  it('refuses approvals.json with a flipped bit, naming the file and the byte; nothing is served', async () => {
    const dir = await dataDir();
    const file = path.join(dir, APPROVALS_FILE);
    // In skillName: a field the gateway does not use, so only the check can tell.
    await flipBit(file, 'notes",\n      "decision');
    const gateway = new Gateway(new ApprovedCatalog(dir));
    const error = await failure(gateway.sync());
    const said = `${file} is not a file the app wrote: it is not valid UTF-8 (byte 0xee at line 7, column 21).`;
    expect(error?.message).toBe(said);
    expect(gateway.served).toEqual([]);
    expect(gateway.problem).toBe(said);
  });

  it('refuses servers.json with a flipped bit in a label: no skill is served under a label the app never wrote', async () => {
    const dir = await dataDir();
    const file = path.join(dir, 'servers.json');
    await flipBit(file, 'Notes server');
    const error = await failure(new ApprovedCatalog(dir).refresh());
    expect(error?.message).toBe(`${file} is not a file the app wrote: it is not valid UTF-8 (byte 0xce at line 6, column 17).`);
  });

  it('skill-inspector gateway says it on stderr and serves nothing: it does not start', async () => {
    const dir = await dataDir();
    const file = path.join(dir, APPROVALS_FILE);
    await flipBit(file, 'notes",\n      "decision');
    const out = new PassThrough();
    const err = new PassThrough();
    const chunks: Buffer[] = [];
    err.on('data', (chunk: Buffer) => chunks.push(chunk));
    expect(await runCli(['gateway', '--data-dir', dir, '--quiet'], out, err)).toBe(2);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`skill-inspector: ${file} is not a file the app wrote: it is not valid UTF-8 (byte 0xee at line 7, column 21).\n`);
  });

  it('serves again once the app has written the file whole', async () => {
    const dir = await dataDir();
    const file = path.join(dir, APPROVALS_FILE);
    const whole = await fs.readFile(file);
    await flipBit(file, 'notes",\n      "decision');
    const catalog = new ApprovedCatalog(dir);
    expect(await failure(catalog.refresh())).toBeInstanceOf(Error);
    await fs.writeFile(`${file}.new`, whole);
    await fs.rename(`${file}.new`, file);
    expect((await catalog.refresh()).map((s) => s.upstreamUri)).toEqual([SKILL]);
  });
});
