// Secrets really go into the OS keychain: a GNOME Keyring (Secret Service)
// started here in its own D-Bus session, unlocked with a password on stdin.
// The app stores a bearer token through the contract; secret-tool, another
// process, reads it back from the keyring; no file of the data folder holds it;
// a restarted app connects with it; removing the server deletes the entry.
// Needs gnome-keyring, libsecret-tools (secret-tool) and dbus-daemon: .ci/run
// installs them where they are missing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInspector } from '../../electron/inspector.js';
import { ContractClient, startHttpFixture, tempDir, type RunningFixture } from '../fixtures/servers/harness.js';

const TOKEN = 'tok-keyring-61c2-only-in-the-keyring';
const NEEDED = ['dbus-daemon', 'dbus-send', 'gnome-keyring-daemon', 'secret-tool'];

function onPath(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
}

let bus: ChildProcess | undefined;
let keyring: ChildProcess | undefined;
let sessionEnv: NodeJS.ProcessEnv;
let auth: RunningFixture;
const saved = { bus: process.env['DBUS_SESSION_BUS_ADDRESS'], choice: process.env['SKILL_INSPECTOR_SECRETS'] };

/** The first line a child prints on stdout. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) resolve(text.slice(0, end).trim());
    });
    child.once('exit', (code) => reject(new Error(`${String(child.spawnfile)} exited (${code}) before printing: ${text}`)));
  });
}

function secretTool(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('secret-tool', args, { env: sessionEnv, encoding: 'utf8', timeout: 15_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  const missing = NEEDED.filter((p) => !onPath(p));
  if (missing.length > 0) {
    throw new Error(
      `This test needs a Secret Service to prove secrets go into the keychain, and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not installed. ` +
        'Install them: apt-get install -y gnome-keyring libsecret-tools dbus-daemon (.ci/run does it when they are missing).',
    );
  }
  const home = await tempDir('keyring-home');
  const runtime = path.join(home, 'run');
  await fs.mkdir(runtime, { mode: 0o700 });
  sessionEnv = { ...process.env, HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_RUNTIME_DIR: runtime, XDG_CONFIG_HOME: path.join(home, 'config') };
  bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], { env: sessionEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  sessionEnv['DBUS_SESSION_BUS_ADDRESS'] = await firstLine(bus);
  keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { env: sessionEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  // The login keyring is created with this password and left unlocked.
  keyring.stdin!.end('test-keyring-password');
  // Ready once the Secret Service answers on the bus.
  for (let i = 0; ; i++) {
    if (spawnSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'], { env: sessionEnv, encoding: 'utf8' }).stdout.includes('true')) break;
    if (i > 100) throw new Error('gnome-keyring-daemon did not take org.freedesktop.secrets on the test bus');
    await new Promise((r) => setTimeout(r, 100));
  }
  // The app in this process talks to that bus, and must use the keychain (no fallback to the file).
  process.env['DBUS_SESSION_BUS_ADDRESS'] = sessionEnv['DBUS_SESSION_BUS_ADDRESS'];
  process.env['SKILL_INSPECTOR_SECRETS'] = 'keychain';
  auth = await startHttpFixture('auth-skills-server.mjs', ['--token', TOKEN]);
}, 60_000);

afterAll(async () => {
  for (const [name, value] of [['DBUS_SESSION_BUS_ADDRESS', saved.bus], ['SKILL_INSPECTOR_SECRETS', saved.choice]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await auth?.stop();
  keyring?.kill();
  bus?.kill();
});

/** The app's composition root on a data folder, through the contract as the window uses it. */
async function openApp(dataDir?: string): Promise<ContractClient> {
  const dir = dataDir ?? (await tempDir('keyring-data'));
  const inspector = await createInspector({
    dataDir: dir,
    mode: 'browser',
    appVersion: '0.0.0-test',
    // Never started here: no server in these tests is the demo.
    demoTransport: () => ({ kind: 'stdio', command: 'skill-inspector', args: ['demo-server'], env: {} }),
    seedDemo: false,
    settingsOverrides: { requestTimeoutMs: 15_000 },
  });
  return new ContractClient(inspector, dir);
}

async function filesHolding(dir: string, secret: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await fs.readFile(file, 'latin1')).includes(secret)) out.push(path.relative(dir, file));
  }
  return out;
}

describe('secrets in the Secret Service (GNOME Keyring)', () => {
  test('a bearer token goes into the keyring: another process reads it there, no file holds it, a restarted app connects with it, removal deletes it', async () => {
    const client = await openApp();
    const alerts = await client.call('app.alerts', {});
    expect(alerts.map((a) => a.title)).not.toContain('No keychain: secrets in an encrypted file');
    const server = await client.call('servers.add', { label: 'Keyring remote', transport: { kind: 'http', url: auth.url, headers: {}, bearerToken: TOKEN } });
    expect(server.secrets).toEqual(['bearerToken']);
    expect(JSON.stringify(server)).not.toContain(TOKEN);

    const file = JSON.parse(await fs.readFile(path.join(client.dataDir, 'servers.json'), 'utf8')) as { servers: { secretRefs?: Record<string, { store: string; id: string }> }[] };
    const ref = file.servers[0]!.secretRefs!['bearerToken']!;
    expect(ref.store).toBe('keychain');
    // secret-tool is libsecret's own client, in its own process: the value is in the keyring under the app's service.
    const lookup = secretTool(['lookup', 'service', 'Skill Inspector', 'username', ref.id]);
    expect([lookup.status, lookup.stdout]).toEqual([0, TOKEN]);
    expect(await filesHolding(client.dataDir, TOKEN)).toEqual([]);
    await expect(fs.stat(path.join(client.dataDir, 'secrets.enc.json'))).rejects.toThrow('ENOENT');
    await client.close({ keepData: true });

    // A new start reads the token from the keyring and the server accepts it.
    const again = await openApp(client.dataDir);
    try {
      const snapshot = await again.call('servers.connect', { serverId: server.id });
      expect([snapshot.status, snapshot.error]).toEqual(['connected', undefined]);
      await again.call('servers.disconnect', { serverId: server.id });
      await again.call('servers.remove', { serverId: server.id });
      expect(secretTool(['lookup', 'service', 'Skill Inspector', 'username', ref.id]).status).toBe(1);
      expect(await filesHolding(again.dataDir, TOKEN)).toEqual([]);
    } finally {
      await again.call('approvals.audit', {});
      await again.close();
    }
  }, 90_000);
});
