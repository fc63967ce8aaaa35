// A desktop app started from a launcher has a minimal PATH; a server named by
// its bare command is found on the login shell's PATH. Here a fake login shell
// (a real script, run by the real shell-env) puts a temp bin folder on its
// PATH, and a real Connection starts a real stdio server that only that folder
// holds, while this process's own PATH lacks it.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Connection } from '../../electron/connections/connection.js';
import { ProtocolLog } from '../../electron/connections/protocol-log.js';
import { loginShellSearchPath, type SearchPath } from '../../electron/connections/search-path.js';
import { DEFAULT_SETTINGS, type TransportConfig } from '../../shared/model.js';
import { NODE, fixture, tempDir } from '../fixtures/servers/harness.js';

const COMMAND = 'si-login-shell-only-server';
let bin: string;
let fakeShell: string;
let shellRuns: string;
const stops: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  const dir = await tempDir('login-shell');
  bin = path.join(dir, 'bin');
  await fs.mkdir(bin);
  // The server, as `npx` or `uvx` would be: an executable in a folder only the shell's rc puts on the PATH.
  await fs.writeFile(path.join(bin, COMMAND), `#!/bin/sh\nexec "${NODE}" "${fixture('skills-server.mjs')}" "$@"\n`, { mode: 0o755 });
  shellRuns = path.join(dir, 'shell-runs');
  fakeShell = path.join(dir, 'fake-login-shell');
  // shell-env runs `$shell -ilc '<print env>'`: this shell's "rc" prepends the bin folder, then runs the command.
  await fs.writeFile(
    fakeShell,
    `#!/bin/sh\necho run >> "${shellRuns}"\nPATH="${bin}:$PATH"\nexport PATH\nshift\nexec /bin/sh -c "$1"\n`,
    { mode: 0o755 },
  );
});

afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
});

function connection(transport: TransportConfig, searchPath?: () => Promise<SearchPath>): Connection {
  const log = new ProtocolLog('login-shell', 1000, () => undefined);
  const made = new Connection(
    { id: 'login-shell', label: 'Login shell', transport, createdAt: new Date().toISOString() },
    {
      settings: () => ({ ...DEFAULT_SETTINGS, requestTimeoutMs: 15_000 }),
      resolveTransport: (s) => s.transport,
      onChange: () => undefined,
      log,
      clientInfo: { name: 'login-shell-test', version: '0' },
      ...(searchPath ? { searchPath } : {}),
    },
  );
  stops.push(() => made.disconnect());
  return made;
}

const bare = (command: string): TransportConfig => ({ kind: 'stdio', command, args: [], env: {} });

describe("stdio servers on the login shell's PATH", () => {
  test("this process's own PATH lacks the folder: not found, and the message names that PATH", async () => {
    expect((process.env['PATH'] ?? '').split(path.delimiter)).not.toContain(bin);
    const snapshot = await connection(bare(COMMAND)).connect();
    expect(snapshot.status).toBe('failed');
    expect(snapshot.error?.code).toBe('command-not-found');
    expect(snapshot.error?.detail).toContain(`could not be started: it was not found on the PATH. Searched the PATH `);
    expect(snapshot.error?.detail).toMatch(/\(from this program's own environment\)\.$/);
  });

  test('found through the login shell, which is asked once for every server', async () => {
    const searchPath = loginShellSearchPath({ shell: fakeShell });
    const found = connection(bare(COMMAND), searchPath);
    expect((await found.connect()).status).toBe('connected');
    const listed = (await found.request('skills/list', {})) as { skills: Array<{ name: string }> };
    expect(listed.skills.length).toBeGreaterThan(0);

    // A missing command names the login shell's PATH, its bin folder first.
    const missing = await connection(bare('si-no-such-command-anywhere'), searchPath).connect();
    expect(missing.status).toBe('failed');
    const folders = [bin, ...(process.env['PATH'] ?? '').split(path.delimiter)].filter((f, i, all) => f && all.indexOf(f) === i);
    const shown = `${folders.slice(0, 6).join(path.delimiter)}${folders.length > 6 ? ` and ${folders.length - 6} more` : ''}`;
    expect(missing.error?.detail).toBe(
      `The command "si-no-such-command-anywhere" could not be started: it was not found on the PATH. Searched the PATH ${shown} (from the login shell (${fakeShell}), then this program's own environment).`,
    );
    expect((await fs.readFile(shellRuns, 'utf8')).trim().split('\n')).toEqual(['run']);
  });

  test("a PATH in the server's own env wins, and the message says so", async () => {
    const own = connection({ kind: 'stdio', command: COMMAND, args: [], env: { PATH: '/nowhere/bin' } }, loginShellSearchPath({ shell: fakeShell }));
    const snapshot = await own.connect();
    expect(snapshot.status).toBe('failed');
    expect(snapshot.error?.detail).toBe(
      `The command "${COMMAND}" could not be started: it was not found on the PATH. Searched the PATH /nowhere/bin (from the server's own env setting).`,
    );
  });
});
