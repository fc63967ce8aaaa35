// Where the MCP clients people already use keep their server configs, and
// reading one of those files with an error that names the file.
import os from 'node:os';
import path from 'node:path';
import type { ConfigFormat } from '../../shared/model.js';
import { FileTooLarge, NotARegularFile, readRegularFile } from '../storage/read-regular-file.js';
import { whereUtf8Stops } from '../storage/utf8.js';
import { ConfigError } from './config-error.js';

export interface KnownConfig {
  readonly path: string;
  readonly kind: ConfigFormat;
}

export interface ConfigPlaces {
  readonly home: string;
  /** The project folder: its `.cursor/mcp.json` and `.vscode/mcp.json` are offered. */
  readonly cwd: string;
  readonly platform: NodeJS.Platform;
  /** `%APPDATA%` on Windows. */
  readonly appData?: string;
}

/** The places of this machine: the home folder, the current folder, the platform. */
export function thisMachine(): ConfigPlaces {
  const appData = process.env['APPDATA'];
  return { home: os.homedir(), cwd: process.cwd(), platform: process.platform, ...(appData ? { appData } : {}) };
}

/** Where each client keeps its config on this platform (user-level and the current project). */
export function knownConfigFiles(places: ConfigPlaces = thisMachine()): KnownConfig[] {
  const { home, cwd, platform } = places;
  const join = platform === 'win32' ? path.win32.join : path.posix.join;
  const appData = places.appData ?? join(home, 'AppData', 'Roaming');
  const userConfig = platform === 'darwin' ? join(home, 'Library', 'Application Support') : platform === 'win32' ? appData : join(home, '.config');
  return [
    { path: join(userConfig, 'Claude', 'claude_desktop_config.json'), kind: 'claude-desktop' },
    { path: join(home, '.cursor', 'mcp.json'), kind: 'cursor' },
    { path: join(cwd, '.cursor', 'mcp.json'), kind: 'cursor' },
    { path: join(userConfig, 'Code', 'User', 'mcp.json'), kind: 'vscode' },
    { path: join(cwd, '.vscode', 'mcp.json'), kind: 'vscode' },
    { path: join(home, '.mcp-inspector', 'mcp.json'), kind: 'mcp-inspector' },
  ];
}

/** Config files bigger than this are not read: no MCP client writes one, and a wrong pick must not fill memory. */
export const MAX_CONFIG_BYTES = 5 * 1024 * 1024;

/**
 * Reads a config file as text; every failure is a ConfigError that names the
 * file and says what is wrong. A FIFO, device, socket or folder is refused
 * without being read (storage/read-regular-file.ts), and the size limit counts
 * the bytes read, so /dev/zero behind a link cannot fill memory.
 */
export async function readConfigFile(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(file, { maxBytes: MAX_CONFIG_BYTES });
  } catch (error) {
    throw new ConfigError(file, unreadable(error));
  }
  const notUtf8 = notUtf8Text(bytes);
  if (notUtf8 !== undefined) throw new ConfigError(file, notUtf8);
  return bytes.toString('utf8');
}

/**
 * Why a config's bytes are not read as text, or undefined when they are UTF-8. Every client reads its config as
 * UTF-8: a byte that is not (a file saved in Latin-1) must not become U+FFFD in a command's path.
 */
export function notUtf8Text(bytes: Uint8Array): string | undefined {
  const where = whereUtf8Stops(bytes);
  return where === undefined ? undefined : `it is not UTF-8 text (${where}); save it as UTF-8, as the MCP clients read it.`;
}

function unreadable(error: unknown): string {
  if (error instanceof NotARegularFile) return error.kind === 'a folder' ? 'this is a folder, not a config file.' : error.reason;
  if (error instanceof FileTooLarge) return `the file is more than ${MAX_CONFIG_BYTES} bytes; config files over ${MAX_CONFIG_BYTES} bytes are not read.`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'the file does not exist.';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied.';
  return `the file cannot be read (${code ?? String(error)}).`;
}
