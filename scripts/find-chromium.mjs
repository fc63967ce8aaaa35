// Which Chromium the browser tests, `npm run screenshots`, the icon maker and
// the UI bench drive — one answer for all of them, so a fresh `npm install`
// is enough to run them. In order:
//   1. CHROMIUM_PATH, when set (it must exist: a wrong path is said, not skipped);
//   2. on Linux x64, the Chromium npm installs: @sparticuz/chromium, a
//      devDependency that ships the binary inside the package, brotli-packed.
//      It is unpacked once per package version into node_modules/.cache (to a
//      temporary name, then renamed, so parallel test workers never run half a
//      file). The package's own executablePath() is not used: it unpacks to a
//      fixed /tmp/chromium that another project's version may already hold,
//      and reports an unfinished file as ready to a second process;
//   3. a system Chrome or Chromium in the usual places of the platform.
// When none is found, or the one found cannot start, ChromiumNotFound says in
// one line what to install.
//
//   node scripts/find-chromium.mjs    prints the path and version, or that line (exit 1)
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';

/** What every launch passes. Not sparticuz's serverless flags (--single-process, --disable-web-security and the like): browser mode checks Origin, and the CSP tests need site isolation. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SPARTICUZ = '@sparticuz/chromium';

export class ChromiumNotFound extends Error {
  constructor(message) {
    super(message);
    this.name = 'ChromiumNotFound';
    // One line wherever it is printed: a stack trace would only bury what to install.
    this.stack = `${this.name}: ${message}`;
  }
}

/** Where a system Chrome or Chromium usually is, most likely first. */
export function systemChromiumPaths(platform = process.platform, env = process.env) {
  if (platform === 'darwin') {
    return [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      ...(env.HOME ? [path.join(env.HOME, 'Applications/Google Chrome.app/Contents/MacOS/Google Chrome'), path.join(env.HOME, 'Applications/Chromium.app/Contents/MacOS/Chromium')] : []),
    ];
  }
  if (platform === 'win32') {
    const roots = [env['PROGRAMFILES'] ?? 'C:\\Program Files', env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)', ...(env.LOCALAPPDATA ? [env.LOCALAPPDATA] : [])];
    return roots.flatMap((root) => [path.win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'), path.win32.join(root, 'Chromium', 'Application', 'chrome.exe')]);
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium'];
}

/** Whether the npm-installed Chromium exists for this machine: the package ships only a Linux x64 binary. */
export const sparticuzRuns = (platform = process.platform, arch = process.arch) => platform === 'linux' && arch === 'x64';

/** What to install, said for the platform. */
export function whatToInstall(platform = process.platform, arch = process.arch) {
  const set = 'or set CHROMIUM_PATH to a Chrome or Chromium binary';
  if (sparticuzRuns(platform, arch)) return `run \`npm install\` (it brings ${SPARTICUZ}), install Chromium (Debian/Ubuntu: \`sudo apt-get install chromium\`), ${set}`;
  if (platform === 'darwin') return `install Google Chrome or Chromium into /Applications, ${set}`;
  if (platform === 'win32') return `install Google Chrome, ${set}`;
  return `install Chromium (Debian/Ubuntu: \`sudo apt-get install chromium\`; Fedora: \`sudo dnf install chromium\`), ${set}`;
}

/** The npm-installed package: its binary's packed file, its version, and where it is unpacked. */
export function sparticuzPackage() {
  let entry;
  try {
    entry = createRequire(import.meta.url).resolve(SPARTICUZ);
  } catch {
    return undefined;
  }
  const dir = path.resolve(path.dirname(entry), '..');
  const packed = path.join(dir, 'bin', 'chromium.br');
  if (!existsSync(packed)) return undefined;
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  // <node_modules>/@sparticuz/chromium: the cache sits in that node_modules, and goes with it.
  const cache = path.join(dir, '..', '..', '.cache', 'skill-inspector', `chromium-${version}`);
  return { dir, packed, version, executable: path.join(cache, 'chromium') };
}

/** Unpacks the npm-installed binary once; returns its path. */
export async function unpackSparticuz(pkg = sparticuzPackage()) {
  if (!pkg) return undefined;
  if (existsSync(pkg.executable)) return pkg.executable;
  mkdirSync(path.dirname(pkg.executable), { recursive: true });
  const partial = `${pkg.executable}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  try {
    await pipeline(createReadStream(pkg.packed), createBrotliDecompress(), createWriteStream(partial, { mode: 0o755 }));
    // Atomic: whoever renames last leaves a whole file, as does whoever was first.
    renameSync(partial, pkg.executable);
  } finally {
    rmSync(partial, { force: true });
  }
  return pkg.executable;
}

/**
 * The Chromium to drive: `{ path, source }`, source being 'CHROMIUM_PATH',
 * '@sparticuz/chromium' or 'system'. Throws ChromiumNotFound with one line.
 * The options are for tests of the order.
 */
export async function findChromium({ env = process.env, platform = process.platform, arch = process.arch, exists = existsSync, sparticuz = unpackSparticuz } = {}) {
  const given = env.CHROMIUM_PATH;
  if (given) {
    if (exists(given)) return { path: given, source: 'CHROMIUM_PATH' };
    throw new ChromiumNotFound(`CHROMIUM_PATH is ${given}, which does not exist: point it at a Chrome or Chromium binary, or unset it to use the one npm installs.`);
  }
  if (sparticuzRuns(platform, arch)) {
    const unpacked = await sparticuz();
    if (unpacked) return { path: unpacked, source: SPARTICUZ };
  }
  for (const candidate of systemChromiumPaths(platform, env)) if (exists(candidate)) return { path: candidate, source: 'system' };
  throw new ChromiumNotFound(`No Chrome or Chromium for the browser tests: ${whatToInstall(platform, arch)}.`);
}

/**
 * Starts the binary once (`--version`), so a Chromium that cannot run says
 * why in one line — typically a system library it needs (libnss3) — instead
 * of a launch timeout in every suite. Returns the version it prints.
 */
export function checkChromium(found) {
  const run = spawnSync(found.path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const said = `${run.stderr ?? ''}\n${run.stdout ?? ''}`;
  if (run.status === 0) return (run.stdout ?? '').trim();
  const library = /error while loading shared libraries: ([^:\s]+)/.exec(said)?.[1];
  const why = library ? `it needs the system library ${library} (Debian/Ubuntu: \`sudo apt-get install ${debianPackageOf(library)}\`)` : run.error ? run.error.message : (said.trim().split('\n')[0] ?? `exit ${run.status}`);
  throw new ChromiumNotFound(`The Chromium at ${found.path} (${found.source}) cannot start: ${why}; or set CHROMIUM_PATH to another Chrome or Chromium.`);
}

/** The Debian package of the libraries the npm Chromium links to beyond libc. */
function debianPackageOf(library) {
  if (/^libnss3|^libnssutil3|^libsmime3/.test(library)) return 'libnss3';
  if (/^libnspr4|^libplc4|^libplds4/.test(library)) return 'libnspr4';
  if (/^libexpat/.test(library)) return 'libexpat1';
  return library.replace(/\.so.*$/, '');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const found = await findChromium();
    process.stdout.write(`${found.path} (${found.source}): ${checkChromium(found)}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof ChromiumNotFound ? error.message : error}\n`);
    process.exitCode = 1;
  }
}
