// Writes the gateway's entry into a host's config file, and takes it back.
// The user's file is never lost: the new text lands atomically (temp file +
// rename, storage/atomic-file.ts) beside a timestamped byte-for-byte copy of
// the old file, and Undo puts that copy back — but only while the file is
// still what Skill Inspector wrote, so an edit made since is never overwritten.
import { createHash } from 'node:crypto';
import { promises as fs, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../storage/atomic-file.js';
import { FileTooLarge, NotARegularFile, readRegularFile } from '../../storage/read-regular-file.js';
import { GATEWAY_ENTRY_NAME, gatewayEntry, gatewaySnippet, type GatewayLaunch } from './gateway-entry.js';
import { HostConfigError, withGatewayEntry } from './edit-host-config.js';
import type { HostConfigPreview } from '../../../shared/gateway-model.js';
import type { HostFile, HostId } from './host-files.js';
import { unifiedDiff } from './preview.js';

/** Bigger than any host writes (~/.claude.json grows with history, so this is generous); a bigger file is not touched. */
export const MAX_HOST_CONFIG_BYTES = 32 * 1024 * 1024;

export type { HostConfigPreview } from '../../../shared/gateway-model.js';

export interface HostConfigWrite {
  readonly host: HostId;
  /** The real file written (a link's target). */
  readonly path: string;
  /** The copy of the file as it was; null when the file did not exist (Undo then removes it). */
  readonly backup: string | null;
  readonly writtenSha256: string;
  readonly at: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const BOM = '\uFEFF';

/** The real file behind a link (a dotfiles manager's, say): writing through the link keeps it a link. */
async function realTarget(file: string): Promise<string> {
  try {
    return await fs.realpath(file);
  } catch {
    return file;
  }
}

async function readCurrent(file: string): Promise<{ bytes: Buffer; mode: number } | undefined> {
  try {
    const bytes = await readRegularFile(file, { maxBytes: MAX_HOST_CONFIG_BYTES });
    const { mode } = await fs.stat(file);
    return { bytes, mode: mode & 0o777 };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof NotARegularFile) throw new HostConfigError(file, `it is ${error.kind}, not a regular file; nothing was written.`);
    if (error instanceof FileTooLarge) throw new HostConfigError(file, `it is larger than ${MAX_HOST_CONFIG_BYTES} bytes; it was not edited.`);
    throw new HostConfigError(file, `it cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was written.`);
  }
}

function textOf(bytes: Buffer): { text: string; bom: boolean } {
  const text = bytes.toString('utf8');
  return text.startsWith(BOM) ? { text: text.slice(1), bom: true } : { text, bom: false };
}

export async function previewHostConfig(target: HostFile, launch: GatewayLaunch): Promise<HostConfigPreview> {
  const snippet = gatewaySnippet(launch, target.shape, target.serversKey);
  const base = { host: target.host, title: target.title, path: target.path, snippet };
  let current: Awaited<ReturnType<typeof readCurrent>>;
  try {
    current = await readCurrent(await realTarget(target.path));
  } catch (error) {
    if (error instanceof HostConfigError) return { ...base, exists: true, unchanged: false, problem: error.message };
    throw error;
  }
  const before = current ? textOf(current.bytes).text : undefined;
  const shaPart = current ? { beforeSha256: sha256(current.bytes) } : {};
  try {
    const after = withGatewayEntry(before, target.path, target.serversKey, GATEWAY_ENTRY_NAME, gatewayEntry(launch, target.shape));
    return { ...base, exists: current !== undefined, ...(before !== undefined ? { before } : {}), after, diff: unifiedDiff(target.path, before, after), unchanged: before === after, ...shaPart };
  } catch (error) {
    if (!(error instanceof HostConfigError)) throw error;
    return { ...base, exists: current !== undefined, ...(before !== undefined ? { before } : {}), unchanged: false, problem: error.message, ...shaPart };
  }
}

function stamp(date: Date): string {
  // Colons are not allowed in Windows file names.
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * Writes the gateway's entry. `expectedSha256` is the preview's: a file that
 * changed since the user looked is refused, so what is written is what was shown.
 */
export async function writeHostConfig(target: HostFile, launch: GatewayLaunch, options: { expectedSha256?: string | null; now?: Date } = {}): Promise<HostConfigWrite> {
  const file = await realTarget(target.path);
  const current = await readCurrent(file);
  if (options.expectedSha256 !== undefined && (current ? sha256(current.bytes) : null) !== options.expectedSha256) {
    throw new HostConfigError(target.path, 'the file changed since the preview; look at the preview again before writing. Nothing was written.');
  }
  const decoded = current ? textOf(current.bytes) : undefined;
  const after = withGatewayEntry(decoded?.text, target.path, target.serversKey, GATEWAY_ENTRY_NAME, gatewayEntry(launch, target.shape));
  const bytes = Buffer.from(decoded?.bom ? BOM + after : after, 'utf8');
  const now = options.now ?? new Date();
  let backup: string | null = null;
  if (current) {
    backup = `${file}.skill-inspector-${stamp(now)}.bak`;
    // Exclusive: an older backup of the same instant is never replaced. The copy is the bytes as they are, nothing re-encoded.
    await fs.copyFile(file, backup, fsConstants.COPYFILE_EXCL);
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, bytes, { backup: false });
  // The atomic write makes a private file; the host's file keeps the mode it had.
  await fs.chmod(file, current?.mode ?? 0o600);
  return { host: target.host, path: file, backup, writtenSha256: sha256(bytes), at: now.toISOString() };
}

/** Puts the file back as it was before `write`, byte for byte (or removes it if it did not exist). */
export async function undoHostConfig(write: HostConfigWrite): Promise<void> {
  const current = await readCurrent(write.path);
  if (!current || sha256(current.bytes) !== write.writtenSha256) {
    const kept = write.backup ? ` The copy from before is kept at ${write.backup}.` : '';
    throw new HostConfigError(write.path, `it ${current ? 'was changed' : 'was removed'} after Skill Inspector wrote it, so Undo left it alone.${kept}`);
  }
  if (write.backup === null) {
    await fs.rm(write.path);
    return;
  }
  let saved: Buffer;
  try {
    saved = await readRegularFile(write.backup, { maxBytes: MAX_HOST_CONFIG_BYTES });
  } catch (error) {
    throw new HostConfigError(write.path, `its backup ${write.backup} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); the file was left as it is.`);
  }
  await writeFileAtomic(write.path, saved, { backup: false });
  await fs.chmod(write.path, (await fs.stat(write.backup)).mode & 0o777);
}
