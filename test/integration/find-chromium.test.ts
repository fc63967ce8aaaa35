// Which Chromium the browser tests (and the screenshots, the icons, the UI
// bench) drive, in order: CHROMIUM_PATH; on Linux x64 the one npm installs
// (@sparticuz/chromium, unpacked once into node_modules/.cache); a system
// Chrome or Chromium. With none, one line says what to install.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ChromiumNotFound, checkChromium, findChromium, sparticuzPackage, systemChromiumPaths, type FoundChromium } from '../../scripts/find-chromium.mjs';
import { ROOT } from '../support/paths.js';

const FINDER = path.join(ROOT, 'scripts', 'find-chromium.mjs');

async function refusal(found: Promise<FoundChromium>): Promise<ChromiumNotFound> {
  const error = await found.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChromiumNotFound);
  const refused = error as ChromiumNotFound;
  // One line, and no stack trace under it.
  expect(refused.message).not.toContain('\n');
  expect(refused.stack).toBe(`ChromiumNotFound: ${refused.message}`);
  return refused;
}

describe('the order', () => {
  const everything = () => true;
  const sparticuz = () => Promise.resolve('/cache/chromium');

  test('CHROMIUM_PATH first, everywhere', async () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(await findChromium({ env: { CHROMIUM_PATH: '/opt/chrome' }, platform, arch: 'x64', exists: everything, sparticuz })).toEqual({ path: '/opt/chrome', source: 'CHROMIUM_PATH' });
    }
  });

  test('a CHROMIUM_PATH that does not exist is said, not skipped', async () => {
    const error = await refusal(findChromium({ env: { CHROMIUM_PATH: '/opt/none' }, platform: 'linux', arch: 'x64', exists: (f) => f !== '/opt/none', sparticuz }));
    expect(error.message).toBe('CHROMIUM_PATH is /opt/none, which does not exist: point it at a Chrome or Chromium binary, or unset it to use the one npm installs.');
  });

  test('on Linux x64 the npm-installed Chromium comes before a system one', async () => {
    expect(await findChromium({ env: {}, platform: 'linux', arch: 'x64', exists: everything, sparticuz })).toEqual({ path: '/cache/chromium', source: '@sparticuz/chromium' });
  });

  test('without it (or on another architecture: the package ships x64 only), a system Chromium', async () => {
    const none = () => Promise.resolve(undefined);
    const onlyBrowser = (f: string) => f === '/usr/bin/chromium-browser';
    expect(await findChromium({ env: {}, platform: 'linux', arch: 'x64', exists: onlyBrowser, sparticuz: none })).toEqual({ path: '/usr/bin/chromium-browser', source: 'system' });
    let asked = false;
    const never = () => ((asked = true), Promise.resolve('/cache/chromium'));
    expect(await findChromium({ env: {}, platform: 'linux', arch: 'arm64', exists: onlyBrowser, sparticuz: never })).toEqual({ path: '/usr/bin/chromium-browser', source: 'system' });
    expect(asked).toBe(false);
  });

  test('macOS and Windows: Chrome, then Chromium, where they install', async () => {
    expect(systemChromiumPaths('darwin', {}).slice(0, 2)).toEqual(['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium']);
    expect(await findChromium({ env: {}, platform: 'darwin', arch: 'arm64', exists: (f) => f.startsWith('/Applications/Chromium.app'), sparticuz })).toEqual({
      path: '/Applications/Chromium.app/Contents/MacOS/Chromium',
      source: 'system',
    });
    const windows = { PROGRAMFILES: 'C:\\Program Files' };
    expect(systemChromiumPaths('win32', windows)[0]).toBe('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    expect(await findChromium({ env: windows, platform: 'win32', arch: 'x64', exists: (f) => f.endsWith('chrome.exe'), sparticuz })).toEqual({
      path: 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
      source: 'system',
    });
  });
});

describe('no Chromium at all: one line that says what to install', () => {
  const nothing = () => false;
  const none = () => Promise.resolve(undefined);

  test.each([
    ['linux', 'x64', 'No Chrome or Chromium for the browser tests: run `npm install` (it brings @sparticuz/chromium), install Chromium (Debian/Ubuntu: `sudo apt-get install chromium`), or set CHROMIUM_PATH to a Chrome or Chromium binary.'],
    ['linux', 'arm64', 'No Chrome or Chromium for the browser tests: install Chromium (Debian/Ubuntu: `sudo apt-get install chromium`; Fedora: `sudo dnf install chromium`), or set CHROMIUM_PATH to a Chrome or Chromium binary.'],
    ['darwin', 'arm64', 'No Chrome or Chromium for the browser tests: install Google Chrome or Chromium into /Applications, or set CHROMIUM_PATH to a Chrome or Chromium binary.'],
    ['win32', 'x64', 'No Chrome or Chromium for the browser tests: install Google Chrome, or set CHROMIUM_PATH to a Chrome or Chromium binary.'],
  ] as const)('%s %s', async (platform, arch, line) => {
    expect((await refusal(findChromium({ env: {}, platform, arch, exists: nothing, sparticuz: none }))).message).toBe(line);
  });

  test('the command says it in that one line on stderr, and exits 1', () => {
    const run = spawnSync(process.execPath, [FINDER], { encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' } });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('CHROMIUM_PATH is /nonexistent/chromium, which does not exist: point it at a Chrome or Chromium binary, or unset it to use the one npm installs.\n');
  });

  test('a Chromium that cannot start names the library it lacks and its package', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'si-chromium-'));
    const broken = path.join(dir, 'chromium');
    // What the dynamic linker says for the npm Chromium on a machine without NSS.
    writeFileSync(broken, '#!/bin/sh\necho "chromium: error while loading shared libraries: libnss3.so: cannot open shared object file: No such file or directory" >&2\nexit 127\n');
    chmodSync(broken, 0o755);
    expect(() => checkChromium({ path: broken, source: '@sparticuz/chromium' })).toThrow(
      new ChromiumNotFound(`The Chromium at ${broken} (@sparticuz/chromium) cannot start: it needs the system library libnss3.so (Debian/Ubuntu: \`sudo apt-get install libnss3\`); or set CHROMIUM_PATH to another Chrome or Chromium.`),
    );
  });
});

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('the npm-installed Chromium on this machine', () => {
  test('is unpacked from the package into node_modules/.cache, per version, and runs', async () => {
    const pkg = sparticuzPackage();
    expect(pkg).toBeDefined();
    expect(pkg!.executable).toBe(path.join(ROOT, 'node_modules', '.cache', 'skill-inspector', `chromium-${pkg!.version}`, 'chromium'));
    const found = await findChromium({ env: {} });
    expect(found).toEqual({ path: pkg!.executable, source: '@sparticuz/chromium' });
    expect(existsSync(found.path)).toBe(true);
    // The package's version is the Chromium major it ships.
    expect(checkChromium(found)).toMatch(new RegExp(`^Chromium ${pkg!.version.split('.')[0]}\\.`));
  });

  test('with no system Chromium on the PATH and a fresh HOME, the command finds it', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'si-chromium-home-'));
    const { CHROMIUM_PATH: _ignored, ...env } = process.env;
    const run = spawnSync(process.execPath, [FINDER], { encoding: 'utf8', env: { ...env, HOME: home, PATH: path.dirname(process.execPath) } });
    const pkg = sparticuzPackage()!;
    expect(run.stderr).toBe('');
    expect(run.stdout.startsWith(`${pkg.executable} (@sparticuz/chromium): Chromium ${pkg.version.split('.')[0]}.`)).toBe(true);
  });
});
