// The connection settings a user enters reach the server, and the server then
// works: HTTP headers and a bearer token, a stdio server's env and working
// directory, and the skill URIs a server names in its instructions. All through
// the contract, against fixture servers built on the official SDK's server side.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ProtocolLogExport } from '../../electron/connections/protocol-log.js';
import { ContractClient, NODE, fixture, startHttpFixture, stdio, tempDir, type RunningFixture, type TransportInput } from '../fixtures/servers/harness.js';

const TOKEN = 'tok-7c1e93f0-do-not-log';
const WRONG_TOKEN = 'tok-wrong-0000';
const UNAUTHORIZED_BODY = '{"error":"invalid_token","error_description":"Missing or wrong bearer token or team header"}';
const FIXTURE_SKILLS = ['skill://greeting/SKILL.md', 'skill://lint-check/SKILL.md'];

interface Seen {
  readonly method: string;
  readonly status: number;
  readonly headers: Record<string, string | string[] | null>;
}

let client: ContractClient;
let auth: RunningFixture;
const tempDirs: string[] = [];

beforeAll(async () => {
  client = await ContractClient.open({ requestTimeoutMs: 15_000 });
  auth = await startHttpFixture('auth-skills-server.mjs', ['--token', TOKEN, '--require-header', 'X-Team: docs']);
});

afterAll(async () => {
  // Listings and reads start history writes in the background, and close() does not wait for them;
  // approvals.audit does, so the data folder can then be deleted.
  await client?.call('approvals.audit', {});
  await client?.close();
  await auth?.stop();
  await Promise.all(tempDirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** What the auth fixture recorded, from `seenFrom` on (an index into its records). */
async function seen(seenFrom = 0): Promise<Seen[]> {
  const response = await fetch(new URL('/seen', auth.url));
  return ((await response.json()) as Seen[]).slice(seenFrom);
}

let counter = 0;
async function add(label: string, transport: TransportInput): Promise<string> {
  return (await client.call('servers.add', { label: `${label} ${++counter}`, transport })).id;
}

describe('Streamable HTTP: custom headers and a bearer token', () => {
  test('with the right token and header: connected, skills listed, read and verified; the server saw exactly those values', async () => {
    const before = (await seen()).length;
    const serverId = await add('Team docs', { kind: 'http', url: auth.url, headers: { 'X-Team': 'docs' }, bearerToken: TOKEN });
    const snapshot = await client.call('servers.connect', { serverId });
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    expect(snapshot.era).toBe('modern');
    expect(snapshot.selfReported).toEqual({ name: 'fixture-auth-skills', version: '2.0.0-fixture' });

    await client.until('the listing', () => client.payloads('skills.listed').some((e) => e.serverId === serverId && e.done));
    const skills = await client.call('skills.list', { serverId });
    expect(skills.map((s) => [s.uri, s.source]).sort()).toEqual(FIXTURE_SKILLS.map((uri) => [uri, 'listed']));

    // The server keeps working after the handshake: a read goes through the same check.
    const verified = await client.call('skills.verify', { serverId, skillUri: 'skill://greeting/SKILL.md' });
    expect(verified.status).toBe('verified');
    const file = await client.call('skills.readFile', { serverId, skillUri: 'skill://greeting/SKILL.md', fileUri: 'skill://greeting/SKILL.md' });
    expect(file.text?.split('\n')[1]).toBe('name: greeting');

    const requests = await seen(before);
    // discover, skills/list, skills/get and the read at least; every one with both values, exactly as entered.
    expect(requests.length).toBeGreaterThanOrEqual(4);
    for (const request of requests) {
      expect(request.headers).toEqual({ authorization: `Bearer ${TOKEN}`, 'x-team': 'docs' });
      expect(request.status).not.toBe(401);
    }
    // Nothing of this connection can reach the fixture during the next tests.
    expect((await client.call('servers.disconnect', { serverId })).status).toBe('disconnected');
  });

  test('with a wrong token: the 401 diagnostic with the server\'s body, and the server saw the wrong token', async () => {
    const before = (await seen()).length;
    const serverId = await add('Wrong token', { kind: 'http', url: auth.url, headers: { 'X-Team': 'docs' }, bearerToken: WRONG_TOKEN });
    const snapshot = await client.call('servers.connect', { serverId });
    expect(snapshot.status).toBe('failed');
    expect(snapshot.error).toEqual({
      code: 'http-unauthorized',
      title: 'Unauthorized (HTTP 401)',
      detail: `${auth.url} refused the request: authentication is required or the credentials were rejected.\nResponse body: ${UNAUTHORIZED_BODY}`,
      hint: 'Add or correct the bearer token or the Authorization header in the server settings.',
    });
    const requests = await seen(before);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.map((r) => [r.status, r.headers])).toEqual(requests.map(() => [401, { authorization: `Bearer ${WRONG_TOKEN}`, 'x-team': 'docs' }]));
    expect(await client.call('skills.list', { serverId })).toEqual([]);
  });

  test('with the right token but without the custom header: 401 too (the header is what made the difference)', async () => {
    const before = (await seen()).length;
    const serverId = await add('No team header', { kind: 'http', url: auth.url, headers: {}, bearerToken: TOKEN });
    const snapshot = await client.call('servers.connect', { serverId });
    expect(snapshot.error?.code).toBe('http-unauthorized');
    const requests = await seen(before);
    expect(requests.map((r) => [r.status, r.headers])).toEqual(requests.map(() => [401, { authorization: `Bearer ${TOKEN}`, 'x-team': null }]));
  });

  test('an Authorization header of any case gives way to the bearer token: one header goes out, the token', async () => {
    const serverId = await add('Token beside a header', { kind: 'http', url: auth.url, headers: { 'X-Team': 'docs', authorization: 'Bearer from-headers' }, bearerToken: TOKEN });
    const before = (await seen()).length;
    const snapshot = await client.call('servers.connect', { serverId });
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    const requests = await seen(before);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.map((r) => r.headers)).toEqual(requests.map(() => ({ authorization: `Bearer ${TOKEN}`, 'x-team': 'docs' })));
    expect((await client.call('servers.disconnect', { serverId })).status).toBe('disconnected');
  });

  test('correcting the token in the server settings: the next connection carries the new one', async () => {
    const serverId = await add('Fixed later', { kind: 'http', url: auth.url, headers: { 'X-Team': 'docs' }, bearerToken: WRONG_TOKEN });
    expect((await client.call('servers.connect', { serverId })).status).toBe('failed');
    const label = (await client.call('servers.list', {})).find((v) => v.config.id === serverId)!.config.label;
    await client.call('servers.update', { serverId, input: { label, transport: { kind: 'http', url: auth.url, headers: { 'X-Team': 'docs' }, bearerToken: TOKEN } } });
    const before = (await seen()).length;
    const snapshot = await client.call('servers.reconnect', { serverId });
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    const requests = await seen(before);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.map((r) => r.headers)).toEqual(requests.map(() => ({ authorization: `Bearer ${TOKEN}`, 'x-team': 'docs' })));
    expect((await client.call('servers.disconnect', { serverId })).status).toBe('disconnected');
  });

  test('the bearer token is not in the protocol log, its export, or the connection state', async () => {
    const views = await client.call('servers.list', {});
    const withToken = views.filter((v) => v.config.transport.kind === 'http');
    expect(withToken.length).toBe(5);
    for (const view of withToken) {
      const serverId = view.config.id;
      const log = await client.call('log.get', { serverId });
      expect(log.length).toBeGreaterThan(0);
      const { json } = await client.call('log.export', { serverId });
      const exported = JSON.parse(json) as ProtocolLogExport;
      expect(exported.entries).toEqual(log);
      for (const [where, text] of [
        ['log.get', JSON.stringify(log)],
        ['log.export', json],
        ['connection snapshot', JSON.stringify(view.connection)],
        ['connection.changed events', JSON.stringify(client.snapshots(serverId))],
        ['log.appended events', JSON.stringify(client.payloads('log.appended').filter((p) => p.serverId === serverId))],
      ] as const) {
        expect(text, `${view.config.label}: ${where}`).not.toContain(TOKEN);
        expect(text, `${view.config.label}: ${where}`).not.toContain(WRONG_TOKEN);
      }
    }
  });

  test('on disk no file holds the token: servers.json keeps a reference, the value is in the secret store (docs/secrets.md)', async () => {
    // Before issue 18 servers.json and its backup held the token as entered; now no file of the data folder does
    // (the encrypted fallback's file holds it encrypted, the keychain outside the folder).
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else files.push(full);
      }
    };
    await walk(client.dataDir);
    const holding: string[] = [];
    for (const file of files) {
      const text = await fs.readFile(file, 'latin1');
      if (text.includes(TOKEN) || text.includes(WRONG_TOKEN)) holding.push(path.relative(client.dataDir, file));
    }
    expect(holding).toEqual([]);
    if (process.platform !== 'win32') {
      for (const name of ['servers.json', 'secrets.key', 'secrets.enc.json']) {
        const stat = await fs.stat(path.join(client.dataDir, name)).catch(() => undefined);
        if (stat) expect((stat.mode & 0o777).toString(8), name).toBe('600');
      }
    }
  });
});

describe('stdio: env and cwd', () => {
  const DESCRIPTION = 'Notes for the docs team, read from skill-description.txt in the working directory.';
  const script = fixture('env-cwd-server.mjs');
  const cmd = `"${NODE} ${script}"`;
  let cwd: string;
  const parentValue = process.env['FIXTURE_SKILL_NAME'];
  /** The env-cwd fixture as the user would enter it, with or without env and cwd. */
  const entered = (env: Record<string, string>, workingDir?: string): TransportInput => ({
    kind: 'stdio',
    command: NODE,
    args: [script],
    env,
    ...(workingDir ? { cwd: workingDir } : {}),
  });

  beforeAll(async () => {
    cwd = await fs.realpath(await tempDir('cwd'));
    tempDirs.push(cwd);
    await fs.writeFile(path.join(cwd, 'skill-description.txt'), `${DESCRIPTION}\n`);
  });

  afterEach(() => {
    if (parentValue === undefined) delete process.env['FIXTURE_SKILL_NAME'];
    else process.env['FIXTURE_SKILL_NAME'] = parentValue;
  });

  test('with env and cwd set: the listed skill shows the values, and the process ran in that directory', async () => {
    const serverId = await add('Env and cwd', entered({ FIXTURE_SKILL_NAME: 'team-notes' }, cwd));
    const snapshot = await client.call('servers.connect', { serverId });
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    await client.until('the listing', () => client.payloads('skills.listed').some((e) => e.serverId === serverId && e.done));
    const skills = await client.call('skills.list', { serverId });
    expect(skills.map((s) => ({ uri: s.uri, name: s.name, description: s.description, source: s.source }))).toEqual([
      { uri: 'skill://team-notes/SKILL.md', name: 'team-notes', description: DESCRIPTION, source: 'listed' },
    ]);
    expect((await client.call('skills.verify', { serverId, skillUri: 'skill://team-notes/SKILL.md' })).status).toBe('verified');
    const stderr = await client.until('the server\'s stderr line', () =>
      client.payloads('log.appended').flatMap((p) => (p.serverId === serverId ? p.entries : [])).find((e) => e.direction === 'stderr'),
    );
    expect(stderr.text).toBe(`env-cwd-server: cwd ${cwd}`);
  });

  test('without env: the process exits before the handshake, and its stderr says what is missing (a variable of the app\'s own environment is not passed on)', async () => {
    process.env['FIXTURE_SKILL_NAME'] = 'from-the-app-environment';
    const serverId = await add('No env', entered({}, cwd));
    const snapshot = await client.call('servers.connect', { serverId });
    expect(snapshot.status).toBe('failed');
    expect(snapshot.error).toEqual({
      code: 'process-exited',
      title: 'Server process exited',
      detail: `The server process ${cmd} exited with code 4 before the connection was established.\nLast stderr lines:\nenv-cwd-server: FIXTURE_SKILL_NAME is not set`,
      hint: 'Run the command in a terminal to see its full output; check its arguments and environment.',
    });
    expect(await client.call('skills.list', { serverId })).toEqual([]);
  });

  test('without cwd: the process runs in the app\'s directory, cannot find its file, and says where it looked', async () => {
    const serverId = await add('No cwd', entered({ FIXTURE_SKILL_NAME: 'team-notes' }));
    const snapshot = await client.call('servers.connect', { serverId });
    expect(snapshot.status).toBe('failed');
    expect(snapshot.error).toEqual({
      code: 'process-exited',
      title: 'Server process exited',
      detail:
        `The server process ${cmd} exited with code 4 before the connection was established.\n` +
        `Last stderr lines:\nenv-cwd-server: cannot read ./skill-description.txt in ${process.cwd()} (ENOENT)`,
      hint: 'Run the command in a terminal to see its full output; check its arguments and environment.',
    });
  });
});

describe('skill URIs in the server\'s instructions', () => {
  const INSTRUCTIONS =
    'Pointer fixture. Start with skill://greeting/SKILL.md. For maintenance, load skill://tools/hidden-helper/SKILL.md ' +
    '(it is not listed). An old note mentions skill://ghost/SKILL.md.';
  const HIDDEN = 'skill://tools/hidden-helper/SKILL.md';
  const GHOST = 'skill://ghost/SKILL.md';
  const GHOST_ERROR = 'skills/get skill://ghost/SKILL.md failed (-32602): No skill is served at skill://ghost/SKILL.md';

  async function connectPointers(label: string): Promise<string> {
    const serverId = await add(label, stdio('pointer-server.mjs'));
    const snapshot = await client.call('servers.connect', { serverId });
    expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
    expect(snapshot.instructions).toBe(INSTRUCTIONS);
    await client.until('the listing', () => client.payloads('skills.listed').some((e) => e.serverId === serverId && e.done));
    return serverId;
  }

  test('each URI is offered and checked with skills/get: the unlisted one is added with source "instructions", the unknown one is not', async () => {
    const serverId = await connectPointers('Pointers');
    expect((await client.call('skills.list', { serverId })).map((s) => [s.uri, s.source])).toEqual([['skill://greeting/SKILL.md', 'listed']]);

    const pointers = await client.call('skills.instructionPointers', { serverId });
    expect(pointers).toEqual([
      { uri: 'skill://greeting/SKILL.md', confirmed: true },
      { uri: HIDDEN, confirmed: true },
      { uri: GHOST, confirmed: false, error: GHOST_ERROR },
    ]);

    // The sidebar's count follows: a servers.changed push says 2 skills now.
    await client.until('the server count to include the added skill', () =>
      client.payloads('servers.changed').some((views) => views.some((v) => v.config.id === serverId && v.skillCount === 2)),
    );
    const skills = await client.call('skills.list', { serverId });
    expect(skills.map((s) => [s.uri, s.source]).sort()).toEqual([
      ['skill://greeting/SKILL.md', 'listed'],
      [HIDDEN, 'instructions'],
    ]);
    const hidden = skills.find((s) => s.uri === HIDDEN)!;
    expect([hidden.name, hidden.description, hidden.pathPrefix]).toEqual(['hidden-helper', 'Maintenance steps, served but not listed.', 'tools']);
    // Added, the skill works like a listed one: its files read and verify.
    expect((await client.call('skills.verify', { serverId, skillUri: HIDDEN })).status).toBe('verified');
    const steps = await client.call('skills.readFile', { serverId, skillUri: HIDDEN, fileUri: 'skill://tools/hidden-helper/steps.md' });
    expect(steps.text).toBe('1. Stop.\n2. Fix.\n3. Start.\n');

    const notes = (await client.call('skills.findings', { serverId }))
      .filter((f) => f.id === 'inspector-instructions-pointer')
      .map((f) => [f.severity, f.message]);
    expect(notes).toEqual([
      ['info', 'The server\'s instructions mention skill://greeting/SKILL.md; skills/get confirmed it is a skill.'],
      ['info', `The server's instructions mention ${HIDDEN}; skills/get confirmed it is a skill.`],
      ['warning', `The server's instructions mention ${GHOST}, but skills/get did not confirm it (${GHOST_ERROR}); it is not treated as a skill.`],
    ]);
  });

  test('loading the unknown URI by hand gives the server\'s error, and adds nothing', async () => {
    const serverId = await connectPointers('Pointers, by hand');
    const error = await client.fail('skills.loadByUri', { serverId, uri: GHOST });
    expect([error.code, error.message]).toEqual(['failed', GHOST_ERROR]);
    const log = await client.call('log.get', { serverId });
    const request = log.find((e) => e.direction === 'out' && e.method === 'skills/get');
    const answer = log.find((e) => e.direction === 'in' && e.kind === 'error' && e.id === request?.id);
    expect((request?.message as { params?: { uri?: string } }).params?.uri).toBe(GHOST);
    expect((answer?.message as { error?: unknown }).error).toEqual({ code: -32602, message: `No skill is served at ${GHOST}` });

    // A URI the user types is a "user-uri" skill; the instructions pointer then finds it already there.
    expect((await client.call('skills.loadByUri', { serverId, uri: HIDDEN })).source).toBe('user-uri');
    const pointers = await client.call('skills.instructionPointers', { serverId });
    expect(pointers.map((p) => [p.uri, p.confirmed])).toEqual([
      ['skill://greeting/SKILL.md', true],
      [HIDDEN, true],
      [GHOST, false],
    ]);
    expect((await client.call('skills.list', { serverId })).map((s) => [s.uri, s.source]).sort()).toEqual([
      ['skill://greeting/SKILL.md', 'listed'],
      [HIDDEN, 'user-uri'],
    ]);
  });
});
