// The team folder in a repository, `.skills/`:
//
//   .skills/skills.lock.json     what each server serves, pinned (skill-inspector lock)
//   .skills/approvals/*.json     approval receipts, one per reviewer and skill (DSSE envelopes)
//   .skills/allowed-signers      who may approve what (allowed-signers.ts)
//
// Reading and writing it. Receipts and allowed-signers are data from the
// repository, so each is read with the same safe reader as every other input:
// regular files only, never through a symbolic link, with a size cap; and the
// receipts folder as a whole has a byte budget, past which the rest is
// reported as not read (RECEIPTS_FOLDER_LIMITS).
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { StoreWriteError, writeFileAtomic } from '../storage/atomic-file.js';
import { FileTooLarge, NotARegularFile, readRegularFile, readRegularText } from '../storage/read-regular-file.js';
import { TeamFolderError, receiptsFolderPlace, type OpenedFolder, type ReceiptsFolderPlace } from './folder-links.js';
import { AllowedSignersError, parseAllowedSigners, type AllowedSigner } from './allowed-signers.js';
import type { DsseEnvelope } from './dsse.js';
import { readReceipt, serializeReceipt } from './receipt.js';
import type { LoadedReceipt } from './receipt-check.js';

const MAX_SIGNERS_BYTES = 1024 * 1024;

/** How much of a receipts folder is read. The folder is a repository anyone who can push to shapes. */
export interface ReceiptsFolderLimits {
  /** `.json` files at most: a folder of more is not a team's, and is refused whole. */
  readonly maxFiles: number;
  /** A receipt names a few dozen files; one larger than this is not a receipt. */
  readonly maxFileBytes: number;
  /**
   * Receipt bytes read from one folder in all. A receipt read is held (its
   * envelope and statement) until the check ends, so without this 10,000
   * files of 4 MiB made the app or the command hold tens of GB. The files past
   * it are not read, and each is reported as not read.
   */
  readonly maxTotalBytes: number;
}

/** 64 MiB holds 10,000 receipts of 6 KiB, several times what a review writes; past it the read is partial and says so. */
export const RECEIPTS_FOLDER_LIMITS: ReceiptsFolderLimits = { maxFiles: 10_000, maxFileBytes: 4 * 1024 * 1024, maxTotalBytes: 64 * 1024 * 1024 };

export { TeamFolderError };

function why(error: unknown): string {
  if (error instanceof NotARegularFile || error instanceof FileTooLarge) return error.reason;
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file or folder.' : `cannot be read (${code ?? String(error)}).`;
}

/** The `.json` names of the folder at `at` (`dir` as given), streamed: a folder of millions costs `maxFiles` names, not millions. */
async function receiptNames(dir: string, at: string, maxFiles: number): Promise<string[]> {
  const names: string[] = [];
  try {
    // A `for await` over the Dir closes it on every way out of the loop, the throw below included.
    for await (const entry of await fs.opendir(at)) {
      if (!entry.name.endsWith('.json') || entry.isDirectory()) continue;
      if (names.length === maxFiles) throw new TeamFolderError(`The receipts folder ${dir} holds more than ${maxFiles} .json files; at most ${maxFiles} are read.`);
      names.push(entry.name);
    }
  } catch (error) {
    if (error instanceof TeamFolderError) throw error;
    throw new TeamFolderError(`The receipts folder ${dir}: ${why(error)}`);
  }
  return names.sort();
}

/** Bytes of the files not read, as the folder lists them (a link counts as itself: it is never followed). */
async function sizeOnDisk(file: string): Promise<number> {
  const stat = await fs.lstat(file).catch(() => undefined);
  return stat?.isFile() ? stat.size : 0;
}

/**
 * Every `*.json` in the folder, in name order; `shown(file)` is how each is
 * named in reports. Files are read one at a time, each parsed before the next
 * is read, until `maxTotalBytes` of them are read; the file that would pass it
 * and every one after are not read and come back as `notRead`, so a check of
 * them says it is partial instead of passing over them.
 */
export async function readReceiptsFolder(dir: string, shown: (file: string) => string = (f) => f, limits: ReceiptsFolderLimits = RECEIPTS_FOLDER_LIMITS): Promise<LoadedReceipt[]> {
  // Neither the folder nor its team folder may be a link (folder-links.ts); what is looked at is what is opened, and
  // every file is read through the folder as opened, so a swap for a link and back between two looks reads nothing
  // through the link.
  const place = await receiptsFolderPlace(dir);
  const folder = await place.open();
  try {
    return await readOpenedFolder(dir, place, folder, shown, limits);
  } finally {
    await folder.close();
  }
}

async function readOpenedFolder(dir: string, place: ReceiptsFolderPlace, folder: OpenedFolder, shown: (file: string) => string, limits: ReceiptsFolderLimits): Promise<LoadedReceipt[]> {
  const names = await receiptNames(dir, folder.within(''), limits.maxFiles);
  await place.unchanged();
  const out: LoadedReceipt[] = [];
  let used = 0;
  let stopped: { at: number; bytes: number } | undefined;
  for (let i = 0; i < names.length; i++) {
    const file = path.join(dir, names[i]!);
    let bytes: Buffer;
    try {
      // Not following a link (O_NOFOLLOW, and the type checked on the open handle, so a file swapped for a link after
      // the listing is refused too): its target is outside what the team reviews in git (a key, a token file), and a
      // parse error would quote its first bytes.
      bytes = await readRegularFile(folder.within(names[i]!), { maxBytes: limits.maxFileBytes, followSymlinks: false });
    } catch (error) {
      await place.unchanged();
      const problem = (error as NodeJS.ErrnoException).code === 'ELOOP' ? 'it is a symbolic link, not a receipt file; it was not followed.' : why(error);
      out.push({ file: shown(file), read: { ok: false, problem } });
      continue;
    }
    // Where files are opened by name (no /proc), a folder swapped for a link since the look and still so is caught here.
    await place.unchanged();
    if (used + bytes.length > limits.maxTotalBytes) {
      stopped = { at: i, bytes: bytes.length };
      break;
    }
    used += bytes.length;
    out.push({ file: shown(file), read: readReceipt(bytes.toString('utf8')) });
  }
  if (stopped) {
    const rest = names.slice(stopped.at).map((name) => path.join(dir, name));
    let left = stopped.bytes;
    for (const name of names.slice(stopped.at + 1)) left += await sizeOnDisk(folder.within(name));
    const problem = `not read, so this check is partial: the receipts in ${dir} pass the ${limits.maxTotalBytes} bytes read from one folder; reading stopped after ${stopped.at} file(s) (${used} bytes), and ${rest.length} file(s) (${left} bytes) were not read`;
    for (const file of rest) out.push({ file: shown(file), read: { ok: false, problem }, notRead: true });
  }
  return out;
}

/**
 * The allowed-signers file. `place`: the receipts folder looked at; when `file` is in its team folder (the default
 * place), it is read through the team folder as opened, so a swap of the team folder for a link and back while it is
 * read does not have the team trust a key list from outside the repository.
 */
export async function readAllowedSigners(file: string, place?: ReceiptsFolderPlace): Promise<AllowedSigner[]> {
  const inTeamFolder = place !== undefined && path.dirname(path.resolve(file)) === place.teamFolder;
  const folder = inTeamFolder ? await place.openTeamFolder() : undefined;
  let text: string;
  try {
    // Not following a link, as for receipts: it lets whoever pushes trust a file outside the repository (a key list
    // nobody reviews in git), and a parse error would quote the first words of whatever it points at (a token file).
    text = await readRegularText(folder ? folder.within(path.basename(file)) : file, { maxBytes: MAX_SIGNERS_BYTES, followSymlinks: false });
  } catch (error) {
    const problem = (error as NodeJS.ErrnoException).code === 'ELOOP' ? 'it is a symbolic link, not the file itself; it was not followed (a link in a repository can point anywhere outside it).' : why(error);
    throw new TeamFolderError(`The allowed-signers file ${file}: ${problem}`);
  } finally {
    await folder?.close();
  }
  // Where the folder is reached by name (no /proc), a swap still in place is caught here.
  if (inTeamFolder) await place.unchanged();
  try {
    return parseAllowedSigners(text, file);
  } catch (error) {
    if (error instanceof AllowedSignersError) throw new TeamFolderError(error.message);
    throw error;
  }
}

/**
 * The receipt's file name: the skill's name for people, then 12 hex digits of
 * SHA-256 over label, skill URI and signer, so two people's receipts for one
 * skill sit side by side and a person's new receipt replaces their old one.
 */
export function receiptFileName(label: string, skillUri: string, skillName: string, fingerprint: string): string {
  const readable = (skillName || 'skill').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48) || 'skill';
  const id = createHash('sha256').update(`${label}\n${skillUri}\n${fingerprint}`).digest('hex').slice(0, 12);
  return `${readable}.${id}.json`;
}

export async function writeReceipt(dir: string, fileName: string, envelope: DsseEnvelope): Promise<string> {
  // Neither the folder nor its team folder may be a link, as for reading (folder-links.ts). A folder not there yet is
  // made, then looked at again: the folder written through is one that was looked at.
  await fs.mkdir((await receiptsFolderPlace(dir)).at, { recursive: true });
  const place = await receiptsFolderPlace(dir);
  const shown = path.join(dir, fileName);
  const bytes = Buffer.from(serializeReceipt(envelope), 'utf8');
  const folder = await place.open();
  try {
    // Through the folder as opened: a swap of its name for a link while writing does not carry the receipt outside.
    // No .bak: the receipts live in the team's repository, where git keeps their history. Committed and read by CI
    // and teammates, a receipt is an ordinary file: created as the umask says (644 under 022), not 600.
    await writeFileAtomic(folder.within(fileName), bytes, { backup: false, mode: 0o666 }).catch((error: unknown) => {
      throw namedAsGiven(error, folder, dir);
    });
    await writtenAsMeant(shown, folder.within(fileName), bytes);
  } finally {
    await folder.close();
  }
  await place.unchanged();
  return shown;
}

/** A failed write's error, its paths named through the folder as given rather than as opened. */
function namedAsGiven(error: unknown, folder: OpenedFolder, dir: string): unknown {
  if (!(error instanceof StoreWriteError) || !(error.cause instanceof Error)) return error;
  const cause = error.cause as NodeJS.ErrnoException & { dest?: unknown };
  const named = (p: unknown) => (typeof p === 'string' ? folder.named(p, dir) : p);
  const given = Object.assign(new Error(named(cause.message) as string), { code: cause.code, errno: cause.errno, syscall: cause.syscall, path: named(cause.path), dest: named(cause.dest) });
  return new StoreWriteError(named(error.file) as string, given);
}

/**
 * The receipt read back, not following a link, is the bytes written. Another program at work in the folder (a sync
 * tool, a checkout) can have put a link or other bytes in its place; the person is told, not handed a path that
 * holds something they did not sign.
 */
async function writtenAsMeant(shown: string, file: string, bytes: Buffer): Promise<void> {
  let what: string | undefined;
  try {
    const onDisk = await readRegularFile(file, { maxBytes: bytes.length, followSymlinks: false });
    if (!onDisk.equals(bytes)) what = 'it now holds other bytes';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    what =
      code === 'ELOOP' ? 'it is now a symbolic link (not followed)'
      : error instanceof FileTooLarge ? 'it now holds other bytes'
      : error instanceof NotARegularFile ? `it is now ${error.kind}`
      : code === 'ENOENT' ? 'it is no longer there'
      : `it cannot be read back (${code ?? String(error)})`;
  }
  if (what !== undefined) throw new TeamFolderError(`The receipt ${shown} was written, but is not on disk as written: ${what}. Something else is changing the receipts folder; write the receipt again once nothing is.`);
}

/**
 * Several receipts, one of which could not be written: the ones before it were, and stay (each is whole and valid
 * by itself); it and the ones after it were not. Said so, by file, so a person knows what the folder now holds.
 */
export class ReceiptsWriteError extends Error {
  override readonly name = 'ReceiptsWriteError';

  constructor(
    readonly written: readonly string[],
    readonly notWritten: readonly string[],
    cause: unknown,
  ) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(
      `${written.length} of ${written.length + notWritten.length} receipt(s) were written before one could not be: ${why} ` +
        `Written: ${written.join(', ') || 'none'}. Not written: ${notWritten.join(', ')}. Those written are whole and valid; write the rest again once the cause is fixed.`,
      { cause },
    );
  }
}

/**
 * Writes receipts in order, each whole (writeReceipt). The first that fails stops the rest, and the error names
 * every file written and every one not (ReceiptsWriteError); `onWritten` hears of each as it lands.
 */
export async function writeReceipts(dir: string, receipts: readonly { readonly fileName: string; readonly envelope: DsseEnvelope }[], onWritten: (file: string, index: number) => void = () => undefined): Promise<string[]> {
  // Refused before the first is written: a link in the folder's (or its team folder's) place is no part-way failure.
  await receiptsFolderPlace(dir);
  const written: string[] = [];
  for (const [index, { fileName, envelope }] of receipts.entries()) {
    try {
      written.push(await writeReceipt(dir, fileName, envelope));
    } catch (error) {
      throw new ReceiptsWriteError(written, receipts.slice(index).map((r) => path.join(dir, r.fileName)), error);
    }
    onWritten(written[index]!, index);
  }
  return written;
}
