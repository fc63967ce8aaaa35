// A real stdio server, started with a secret in its env, that writes a prompt
// whose end could begin that secret ("… begins sk-") and then waits: the
// masker holds such an end until the next read says whether it is the secret,
// and the prompt was shown nowhere while the server waited. It is shown once
// the server has been quiet as long as any unfinished line waits (marked
// unfinished), a possible secret at its end masked when it is as long as the
// shortest secret looked for; and when the server goes on to write the rest of
// the secret, that rest is masked, never shown.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ProtocolLogEntry } from '../../shared/model.js';
import { SECRET_MASK } from '../../shared/secret-args.js';
import { tinyStdioServer } from '../../test/support/processes.js';
import { Connection } from './connection.js';
import { ProtocolLog } from './protocol-log.js';

const KEY = 'sk-live-Q7f3a9c2e1b5';

const SERVER = tinyStdioServer({
  name: 'masked-prompt',
  prelude: `const write = (text) => new Promise((resolve) => process.stderr.write(text, resolve));`,
  handle: `if (message.method === 'test/write') void write(message.params.text).then(() => answer(message.id, {}));`,
});

const connections: Connection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.disconnect()));
});

async function connected() {
  const log = new ProtocolLog('prompt', 1000, () => undefined);
  const connection = new Connection(
    {
      id: 'prompt',
      label: 'Prompt',
      transport: { kind: 'stdio', command: process.execPath, args: ['-e', SERVER], env: { API_KEY: KEY } },
      createdAt: new Date().toISOString(),
    },
    { settings: () => DEFAULT_SETTINGS, resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'masked-prompt-test', version: '0' } },
  );
  connections.push(connection);
  expect((await connection.connect()).status).toBe('connected');
  const write = (text: string) => connection.request('test/write', { text });
  return { log, write };
}

const stderrOf = (log: ProtocolLog): [string | undefined, true | undefined][] =>
  log
    .list()
    .filter((e: ProtocolLogEntry) => e.kind === 'stderr')
    .map((e) => [e.text, e.unfinished]);

/** Waits, boundedly (15 s, not timed), for `count` stderr entries. */
async function entries(log: ProtocolLog, count: number) {
  for (let i = 0; i < 600 && stderrOf(log).length < count; i++) await new Promise((resolve) => setTimeout(resolve, 25));
  return stderrOf(log);
}

describe('a prompt whose end could begin a secret the server was started with', { timeout: 30_000 }, () => {
  it('is shown while the server waits, in clear when shorter than any secret looked for; the rest of the secret, written later, is masked', async () => {
    const { log, write } = await connected();
    await write('Paste the key that begins sk-');
    expect(await entries(log, 1)).toEqual([['Paste the key that begins sk-', true]]);
    await write('live-Q7f3a9c2e1b5 was refused\nready\n');
    expect(await entries(log, 3)).toEqual([
      ['Paste the key that begins sk-', true],
      [`${SECRET_MASK} was refused`, undefined],
      ['ready', undefined],
    ]);
    // The test's own request carries the text it asks for; what the server wrote back is what is checked.
    expect(JSON.stringify(stderrOf(log))).not.toContain('live-Q7f3a9c2e1b5');
  });

  it('is shown with a possible secret at its end masked; the rest of the secret, written later, is not shown', async () => {
    const { log, write } = await connected();
    await write('bad key sk-live');
    expect(await entries(log, 1)).toEqual([[`bad key ${SECRET_MASK}`, true]]);
    await write('-Q7f3a9c2e1b5 was refused\n');
    expect(await entries(log, 2)).toEqual([
      [`bad key ${SECRET_MASK}`, true],
      [' was refused', undefined],
    ]);
    expect(JSON.stringify(stderrOf(log))).not.toContain('Q7f3a9c2e1b5');
  });

  it('what follows that is no secret is shown as written', async () => {
    const { log, write } = await connected();
    await write('Continue? [y/n] s');
    expect(await entries(log, 1)).toEqual([['Continue? [y/n] s', true]]);
    await write('kipped\n');
    expect(await entries(log, 2)).toEqual([
      ['Continue? [y/n] s', true],
      ['kipped', undefined],
    ]);
  });
});
