// Where the app keeps its data when Electron is not there to say (browser
// mode, the CLI): the same folder Electron's app.getPath('userData') uses; and
// what is said when that folder cannot be made or read.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'Skill Inspector';
/** The environment variable that names the data folder (browser mode, the command). */
export const DATA_DIR_ENV = 'SKILL_INSPECTOR_DATA_DIR';

export function defaultDataDir(platform = process.platform, env = process.env, home = os.homedir()): string {
  if (env[DATA_DIR_ENV]) return env[DATA_DIR_ENV];
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  if (platform === 'win32') return path.join(env['APPDATA'] ?? path.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  return path.join(env['XDG_CONFIG_HOME'] ?? path.join(home, '.config'), PRODUCT_NAME);
}

/** How a person picks another data folder where the app is started by command (browser mode, the command). */
const CHOOSE_ANOTHER = `Start with another data folder (--data-dir <folder>, or the ${DATA_DIR_ENV} environment variable)`;

/**
 * A data folder the app cannot make or read, said in words a person can act on: which folder, why, what to do.
 * Not Node's error ("ENOTDIR: not a directory, mkdir '…'" and a stack): the start stops on it, and the app shows it
 * in an error box, browser mode and the command on stderr. The system error stays as `cause`.
 */
export class DataDirUnusable extends Error {
  readonly code: string | undefined;

  constructor(
    readonly dataDir: string,
    doing: 'create' | 'read',
    why: { reason: string; code: string | undefined; inTheWay?: string | undefined },
    /** Whether the person can start with another folder (--data-dir, the environment variable); the app's own is Electron's. */
    choosable: boolean,
    cause: unknown,
  ) {
    const fix = why.inTheWay !== undefined ? `move ${why.inTheWay} away` : why.code === 'EACCES' || why.code === 'EPERM' ? "fix that folder's permissions" : 'free the disk or fix it';
    super(
      `Could not ${doing} the data folder ${dataDir}: ${why.reason}${why.code ? ` (${why.code})` : ''}. ` +
        (choosable ? `${CHOOSE_ANOTHER}, or ${fix}.` : `${fix[0]!.toUpperCase()}${fix.slice(1)}, then start Skill Inspector again.`),
      { cause },
    );
    this.name = 'DataDirUnusable';
    this.code = why.code;
  }
}

/** The first folder on the way to `dir` that is a file (ENOTDIR's culprit), or `dir` itself when it is one. */
async function fileOnTheWay(dir: string): Promise<string | undefined> {
  const parts: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    parts.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const part of parts) {
    const stat = await fs.stat(part).catch(() => undefined);
    if (stat === undefined) return undefined;
    if (!stat.isDirectory()) return part;
  }
  return undefined;
}

/** The nearest folder on the way to `dir` that exists: where a permission was refused. */
async function nearestExisting(dir: string): Promise<string> {
  let at = path.resolve(dir);
  while (path.dirname(at) !== at && !(await fs.stat(at).catch(() => undefined))) at = path.dirname(at);
  return at;
}

const FAILURES: Readonly<Record<string, string>> = {
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EIO: 'the disk reported an input/output error',
  ENAMETOOLONG: 'its path is too long',
  ELOOP: 'its path goes round a loop of symbolic links',
};

async function whyUnusable(dir: string, error: unknown): Promise<{ reason: string; code: string | undefined; inTheWay?: string | undefined }> {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const file = code === 'ENOTDIR' || code === 'EEXIST' ? await fileOnTheWay(dir) : undefined;
  if (file !== undefined) return { reason: file === path.resolve(dir) ? 'it is a file, not a folder' : `${file} is a file, not a folder`, code, inTheWay: file };
  if (code === 'EACCES' || code === 'EPERM') return { reason: `permission was denied in ${await nearestExisting(dir)}`, code };
  const known = code !== undefined ? FAILURES[code] : undefined;
  return { reason: known ?? (error instanceof Error ? error.message : String(error)), code: known !== undefined ? code : undefined };
}

/** Makes the data folder (only its owner may enter it), or says in words why it cannot be made. */
export async function makeDataDir(dir: string, options: { choosable: boolean }): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new DataDirUnusable(dir, 'create', await whyUnusable(dir, error), options.choosable, error);
  }
}

/**
 * For a reader of the data folder (the command's gateway, which never writes it): a folder that is not there yet
 * is fine (nothing approved), one that cannot be read is said in words.
 */
export async function checkDataDirReadable(dir: string): Promise<void> {
  try {
    const stat = await fs.stat(dir);
    if (!stat.isDirectory()) throw Object.assign(new Error(`${dir} is not a folder`), { code: 'ENOTDIR' });
    await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new DataDirUnusable(dir, 'read', await whyUnusable(dir, error), true, error);
  }
}
