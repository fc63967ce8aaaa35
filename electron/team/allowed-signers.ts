// The team's allowed-signers file: who may approve, with which key, for which
// servers. Modelled on git's and ssh-keygen's allowed_signers (ssh-keygen(1),
// "ALLOWED SIGNERS"), one signer per line:
//
//   alice@example.com ssh-ed25519 AAAAC3Nza… labels="payments,docs"
//   "Bob Builder" labels="*" ssh-ed25519 AAAAC3Nza… bob's laptop
//
// The name comes first (double quotes when it holds spaces). Options go
// either before the key type, where git puts them, or after the key; text
// after the key that is not an option is a comment. `labels="a,b"` lists the
// server labels the signer may approve (`*` and `?` match as in a shell);
// without it the signer may approve any label, as a git line without
// namespaces= may sign in any namespace. `#` starts a comment line. An error
// names the file and line and quotes the bad word, cut short and with its
// invisible characters shown (quoted-word.ts): the file is the team's to push.
import { quotedWord } from './quoted-word.js';
import { KeyFormatError, fingerprintOfPublicKey, parsePublicKey, publicKeyLine } from './ssh-wire.js';

export interface AllowedSigner {
  readonly name: string;
  readonly publicKey: Buffer;
  readonly fingerprint: string;
  /** Label patterns; undefined: any label. */
  readonly labels?: readonly string[];
  readonly line: number;
}

export class AllowedSignersError extends Error {
  override readonly name = 'AllowedSignersError';
}

/** Splits a line into words; a double-quoted run is one word, quotes removed (`labels="a b"` stays one word). */
function words(line: string, where: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (const c of line) {
    if (c === '"') {
      quoted = !quoted;
      started = true;
    } else if (!quoted && /\s/.test(c)) {
      if (started) out.push(current);
      current = '';
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (quoted) throw new AllowedSignersError(`${where}: a double quote is not closed.`);
  if (started) out.push(current);
  return out;
}

// An option's name in any case, as ssh-keygen reads allowed_signers (its opt_match compares with strncasecmp): read
// in lower case only, `Labels="docs"` after the key was a comment and `Labels="docs" <key>` a person of that name,
// either way a signer who may approve every label.
const OPTION = /^([A-Za-z-]+)=(.*)$/;
const KNOWN_OPTIONS = new Set(['labels']);

/** The option a word sets, its name in lower case; undefined when the word is no NAME=VALUE. */
function optionOf(word: string): { readonly key: string; readonly value: string } | undefined {
  const match = OPTION.exec(word);
  return match ? { key: match[1]!.toLowerCase(), value: match[2]! } : undefined;
}

function labelList(value: string, where: string): string[] {
  const labels = value.split(',').map((l) => l.trim());
  if (labels.some((l) => l === '')) throw new AllowedSignersError(`${where}: labels="${quotedWord(value)}" has an empty label.`);
  return labels;
}

export function parseAllowedSigners(text: string, file: string): AllowedSigner[] {
  const out: AllowedSigner[] = [];
  // By fingerprint: a search through `out` for each line made a 10,000-key file cost seconds to read.
  const listed = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '' || raw.startsWith('#')) continue;
    const where = `${file} line ${i + 1}`;
    const parts = words(raw, where);
    const name = parts.shift()!;
    // A line whose name was left out must not make a person called "labels=docs" who may approve every label.
    const leading = optionOf(name);
    if (leading && KNOWN_OPTIONS.has(leading.key)) throw new AllowedSignersError(`${where}: the line starts with the option ${leading.key}=; a line is NAME [options] ssh-ed25519 <base64 key>, the name first.`);
    const options = new Map<string, string>();
    const takeOption = (word: string): boolean => {
      const option = optionOf(word);
      if (!option) return false;
      if (!KNOWN_OPTIONS.has(option.key)) throw new AllowedSignersError(`${where}: unknown option ${quotedWord(word.slice(0, word.indexOf('=')))}= (this file knows labels="…").`);
      if (options.has(option.key)) throw new AllowedSignersError(`${where}: ${option.key}= is given twice.`);
      options.set(option.key, option.value);
      return true;
    };
    while (parts.length > 0 && takeOption(parts[0]!)) parts.shift();
    const [type, base64, ...after] = parts;
    if (type === undefined || base64 === undefined) throw new AllowedSignersError(`${where}: expected NAME [options] ssh-ed25519 <base64 key>.`);
    let publicKey: Buffer;
    try {
      publicKey = parsePublicKey(type, base64, `The key of ${JSON.stringify(quotedWord(name))} (${where})`);
    } catch (error) {
      throw new AllowedSignersError(error instanceof KeyFormatError ? error.message : String(error));
    }
    // Options may also follow the key; the first word that is not one starts the comment.
    const comment = after.findIndex((word) => !takeOption(word));
    // An option in the comment is not read, and a labels= not read leaves the key free to approve any label: refused.
    const late = comment < 0 ? undefined : after.slice(comment + 1).map((word) => optionOf(word)?.key).find((key) => key !== undefined && KNOWN_OPTIONS.has(key));
    if (late !== undefined) throw new AllowedSignersError(`${where}: ${late}= comes after the comment (${JSON.stringify(quotedWord(after[comment]!))}), where it would not be read; put the options right after the key or before it.`);
    const labels = options.get('labels');
    const fingerprint = fingerprintOfPublicKey(publicKey);
    if (listed.has(fingerprint)) throw new AllowedSignersError(`${where}: the key ${fingerprint} is listed twice; give each key one line.`);
    listed.add(fingerprint);
    out.push({ name, publicKey, fingerprint, ...(labels !== undefined ? { labels: labelList(labels, where) } : {}), line: i + 1 });
  }
  return out;
}

function globToRegExp(pattern: string): RegExp {
  const body = [...pattern].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`, 's');
}

export function mayApprove(signer: AllowedSigner, label: string): boolean {
  return signer.labels === undefined || signer.labels.some((pattern) => globToRegExp(pattern).test(label));
}

/** The line `key new` prints for the team's allowed-signers file. */
export function allowedSignersLine(name: string, publicKey: Buffer, labels?: readonly string[]): string {
  const quoted = /[\s"]/.test(name) || name === '' ? `"${name.replaceAll('"', '')}"` : name;
  return `${quoted} ${publicKeyLine(publicKey)}${labels && labels.length > 0 ? ` labels="${labels.join(',')}"` : ''}`;
}
