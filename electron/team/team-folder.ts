// The team folder in a repository, `.skills/`:
//
//   .skills/skills.lock.json     what each server serves, pinned (skill-inspector lock)
//   .skills/approvals/*.json     approval receipts, one per reviewer and skill (DSSE envelopes)
//   .skills/allowed-signers      who may approve what (allowed-signers.ts)
//
// Reading and writing it. Receipts are data from the repository, so each is
// read with the same safe reader as every other input: regular files only,
// with a size cap.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { FileTooLarge, NotARegularFile, readRegularText } from '../storage/read-regular-file.js';
import { AllowedSignersError, parseAllowedSigners, type AllowedSigner } from './allowed-signers.js';
import type { DsseEnvelope } from './dsse.js';
import { readReceipt, serializeReceipt } from './receipt.js';
import type { LoadedReceipt } from './receipt-check.js';

/** A receipt names a few dozen files; one this large is not a receipt. */
const MAX_RECEIPT_BYTES = 4 * 1024 * 1024;
const MAX_SIGNERS_BYTES = 1024 * 1024;
/** Receipts read from one folder at most: a folder of more is not a team's. */
const MAX_RECEIPTS = 10_000;

/** Why the team folder cannot be used at all (as opposed to one receipt in it). */
export class TeamFolderError extends Error {
  override readonly name = 'TeamFolderError';
}

function why(error: unknown): string {
  if (error instanceof NotARegularFile || error instanceof FileTooLarge) return error.reason;
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file or folder.' : `cannot be read (${code ?? String(error)}).`;
}

/** Every `*.json` in the folder, in name order; `shown(file)` is how each is named in reports. */
export async function readReceiptsFolder(dir: string, shown: (file: string) => string = (f) => f): Promise<LoadedReceipt[]> {
  let names: string[];
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    names = entries.filter((e) => e.name.endsWith('.json') && !e.isDirectory()).map((e) => e.name);
  } catch (error) {
    throw new TeamFolderError(`The receipts folder ${dir}: ${why(error)}`);
  }
  if (names.length > MAX_RECEIPTS) throw new TeamFolderError(`The receipts folder ${dir} holds ${names.length} .json files; at most ${MAX_RECEIPTS} are read.`);
  names.sort();
  const out: LoadedReceipt[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    let text: string;
    try {
      // Not following a link: its target is outside what the team reviews in git (a key, a token file), and a parse error would quote its first bytes.
      text = await readRegularText(file, { maxBytes: MAX_RECEIPT_BYTES, followSymlinks: false });
    } catch (error) {
      const problem = (error as NodeJS.ErrnoException).code === 'ELOOP' ? 'it is a symbolic link, not a receipt file; it was not followed.' : why(error);
      out.push({ file: shown(file), read: { ok: false, problem } });
      continue;
    }
    out.push({ file: shown(file), read: readReceipt(text) });
  }
  return out;
}

export async function readAllowedSigners(file: string): Promise<AllowedSigner[]> {
  let text: string;
  try {
    text = await readRegularText(file, { maxBytes: MAX_SIGNERS_BYTES });
  } catch (error) {
    throw new TeamFolderError(`The allowed-signers file ${file}: ${why(error)}`);
  }
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
  const file = path.join(dir, fileName);
  // No .bak: the receipts live in the team's repository, where git keeps their history.
  await writeFileAtomic(file, serializeReceipt(envelope), { backup: false });
  return file;
}
