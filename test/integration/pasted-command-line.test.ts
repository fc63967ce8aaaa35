// A whole command line pasted into the add-server form's Command field
// (`node server.mjs --dir "/tmp/skills dir"`) is stored as command +
// arguments, split as a shell would, so the server starts: before, the whole
// line was taken as the program's name and failed with "not found on the PATH"
// although `node` is on the PATH.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { App } from '../fixtures/mutable-server/app.js';
import { MUTABLE_SERVER, SkillFolder, skillMd, tempDir } from '../fixtures/mutable-server/fixture.js';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A skills folder whose path has a space in it, so the pasted line needs quoting. */
async function spacedSkills(): Promise<string> {
  const folder = await SkillFolder.create();
  const dir = path.join(folder.dir, 'my skills');
  await fs.mkdir(path.join(dir, 'notes'), { recursive: true });
  await fs.writeFile(path.join(dir, 'notes', 'SKILL.md'), skillMd('notes', 'Takes short notes. Use when the user asks for notes.'));
  cleanup.push(() => fs.rm(folder.dir, { recursive: true, force: true }));
  return dir;
}

async function openApp(): Promise<App> {
  const app = await App.open(await tempDir('pasted-data'));
  cleanup.push(() => app.close());
  return app;
}

test('a pasted command line is stored as command + arguments and the server connects', async () => {
  const dir = await spacedSkills();
  const app = await openApp();
  const line = `node ${MUTABLE_SERVER} --dir "${dir}" --reload 'each'`;
  const server = await app.call('servers.add', { label: 'Pasted', transport: { kind: 'stdio', command: line, args: [], env: {} } });
  const snapshot = await app.call('servers.connect', { serverId: server.id });
  expect(snapshot.status, JSON.stringify(snapshot.error)).toBe('connected');
  expect(server.transport).toEqual({ kind: 'stdio', command: 'node', args: [MUTABLE_SERVER, '--dir', dir, '--reload', 'each'], env: {} });
  const listed = await app.call('skills.refresh', { serverId: server.id });
  expect(listed.map((s) => s.uri)).toEqual(['skill://notes/SKILL.md']);
  // The stored form is what a restart loads.
  expect((await app.call('servers.list', {})).find((s) => s.config.id === server.id)?.config.transport).toEqual(server.transport);
});

test('words pasted into Command come before the Arguments already given, on edit too', async () => {
  const dir = await spacedSkills();
  const app = await openApp();
  const server = await app.call('servers.add', { label: 'Split later', transport: { kind: 'stdio', command: 'node', args: [MUTABLE_SERVER, '--dir', dir], env: {} } });
  const updated = await app.call('servers.update', { serverId: server.id, input: { label: 'Split later', transport: { kind: 'stdio', command: `node ${MUTABLE_SERVER}`, args: ['--dir', dir], env: {} } } });
  expect(updated.transport).toMatchObject({ command: 'node', args: [MUTABLE_SERVER, '--dir', dir] });
  const snapshot = await app.call('servers.connect', { serverId: server.id });
  expect(snapshot.status, JSON.stringify(snapshot.error)).toBe('connected');
});

test('a command that is one existing file whose path has a space is kept whole', async () => {
  const dir = await spacedSkills();
  const program = path.join(path.dirname(dir), 'my node');
  await fs.symlink(process.execPath, program);
  const app = await openApp();
  const server = await app.call('servers.add', { label: 'Spaced path', transport: { kind: 'stdio', command: program, args: [MUTABLE_SERVER, '--dir', dir], env: {} } });
  expect(server.transport).toMatchObject({ command: program, args: [MUTABLE_SERVER, '--dir', dir] });
  const snapshot = await app.call('servers.connect', { serverId: server.id });
  expect(snapshot.status, JSON.stringify(snapshot.error)).toBe('connected');
});

test('an unclosed quote is refused on the Command field, in words', async () => {
  const app = await openApp();
  const error = await app.fail('servers.add', { label: 'Unclosed', transport: { kind: 'stdio', command: `node "server.mjs`, args: [], env: {} } });
  expect(error.code).toBe('invalid-params');
  expect(error.message).toBe('The command line has an unclosed " quote: close it, or put the program alone in Command and each argument on its own line.');
});
