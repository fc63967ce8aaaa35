// The synthetic catalog's content: N skills × M files, generated from a
// seeded PRNG so every run (and every process) serves the same bytes. Files
// are slices of one shared text pool behind a per-file header, so a file is
// produced without building it twice, and an entry's digests are computed
// once per skill, when it is first listed or read, then kept.
import { createHash } from 'node:crypto';

export interface CatalogShape {
  readonly skills: number;
  readonly filesPerSkill: number;
}

export interface SyntheticFileRef {
  readonly uri: string;
  readonly digest: string;
  readonly size: number;
}

export interface SyntheticSkill {
  readonly uri: string;
  readonly frontmatter: { readonly name: string; readonly description: string };
  readonly resources: readonly SyntheticFileRef[];
}

export const SKILL_PREFIX = 'skill://synthetic/';

const WORDS = (
  'deploy report review audit billing refund invoice ledger search index query render chart table export import ' +
  'schedule backup restore migrate schema lint format test release notes summary translate classify extract ' +
  'monitor alert incident triage onboarding policy contract payroll forecast budget inventory catalog pricing ' +
  'customer ticket escalate webhook queue cache token session archive compress encrypt verify sign publish'
).split(' ');

/** mulberry32: small, fast and good enough to spread sizes and words. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const POOL_BYTES = 1024 * 1024;
let pool: Buffer | undefined;

/** One megabyte of word-salad ASCII text with line breaks; every file body is a slice of it. */
function textPool(): Buffer {
  if (pool) return pool;
  const random = prng(0x5eed);
  const parts: string[] = [];
  let length = 0;
  let column = 0;
  while (length < POOL_BYTES) {
    const word = WORDS[Math.floor(random() * WORDS.length)]!;
    const piece = column > 72 ? `${word}\n` : `${word} `;
    column = column > 72 ? 0 : column + piece.length;
    parts.push(piece);
    length += piece.length;
  }
  pool = Buffer.from(parts.join('').slice(0, POOL_BYTES), 'latin1');
  return pool;
}

const SUPPORT_FILES = ['references/REFERENCE.md', 'references/EXAMPLES.md', 'scripts/run.py', 'assets/template.json'];

export function supportPath(k: number): string {
  // k ≥ 1; beyond the usual four, further references.
  return SUPPORT_FILES[k - 1] ?? `references/part-${k}.md`;
}

function skillName(i: number): string {
  const random = prng(i * 7919 + 17);
  const a = WORDS[Math.floor(random() * WORDS.length)]!;
  const b = WORDS[Math.floor(random() * WORDS.length)]!;
  return `${a}-${b}-${String(i).padStart(5, '0')}`;
}

function skillDescription(i: number): string {
  const random = prng(i * 104729 + 3);
  const words = Array.from({ length: 10 + Math.floor(random() * 14) }, () => WORDS[Math.floor(random() * WORDS.length)]!);
  return `Synthetic skill ${i} to ${words.join(' ')}.`;
}

/** Mostly 1–8 KB; about one file in a hundred is 100–200 KB (never SKILL.md). */
function fileSize(i: number, k: number): number {
  const random = prng(i * 31 + k * 1_000_003 + 11);
  if (k > 0 && random() < 0.01) return 100 * 1024 + Math.floor(random() * 100 * 1024);
  return 1024 + Math.floor(random() * 7 * 1024);
}

function poolOffset(i: number, k: number, length: number): number {
  const random = prng(i * 977 + k * 7_919 + 5);
  return Math.floor(random() * (POOL_BYTES - length));
}

/** The file's bytes as two pieces (header + a view into the pool): no copy until it is sent. */
export function fileParts(i: number, k: number): [Buffer, Buffer] {
  const name = skillName(i);
  const size = fileSize(i, k);
  const header =
    k === 0
      ? Buffer.from(`---\nname: ${name}\ndescription: ${skillDescription(i)}\n---\n\n# ${name}\n\n`, 'latin1')
      : Buffer.from(`# ${name} / ${supportPath(k)}\n\n`, 'latin1');
  const bodyLength = Math.max(0, size - header.length);
  const start = poolOffset(i, k, bodyLength);
  return [header, textPool().subarray(start, start + bodyLength)];
}

export function fileUri(i: number, k: number): string {
  const root = `${SKILL_PREFIX}${skillName(i)}/`;
  return k === 0 ? `${root}SKILL.md` : `${root}${supportPath(k)}`;
}

/** Which skill and file a URI names, or undefined when the catalog serves no such file. */
export function locate(uri: string, shape: CatalogShape): { i: number; k: number } | undefined {
  if (!uri.startsWith(SKILL_PREFIX)) return undefined;
  const rest = uri.slice(SKILL_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return undefined;
  const match = /-(\d{5,})$/.exec(rest.slice(0, slash));
  if (!match) return undefined;
  const i = Number(match[1]);
  if (i >= shape.skills) return undefined;
  for (let k = 0; k < shape.filesPerSkill; k++) if (fileUri(i, k) === uri) return { i, k };
  return undefined;
}

/** The skills' entries, each built on first use (digests of the real bytes) and kept. */
export class SyntheticCatalog {
  private readonly entries = new Map<number, SyntheticSkill>();

  constructor(readonly shape: CatalogShape) {}

  skill(i: number): SyntheticSkill {
    const known = this.entries.get(i);
    if (known) return known;
    const resources: SyntheticFileRef[] = [];
    for (let k = 0; k < this.shape.filesPerSkill; k++) {
      const [header, body] = fileParts(i, k);
      const digest = createHash('sha256').update(header).update(body).digest('hex');
      resources.push({ uri: fileUri(i, k), digest: `sha256:${digest}`, size: header.length + body.length });
    }
    const name = skillName(i);
    const entry: SyntheticSkill = { uri: fileUri(i, 0), frontmatter: { name, description: skillDescription(i) }, resources };
    this.entries.set(i, entry);
    return entry;
  }

  /** The file's content as text (ASCII, so its UTF-8 bytes are exactly the listed ones). */
  read(uri: string): { text: string; mimeType: string } | undefined {
    const at = locate(uri, this.shape);
    if (!at) return undefined;
    const [header, body] = fileParts(at.i, at.k);
    const path = at.k === 0 ? 'SKILL.md' : supportPath(at.k);
    return { text: header.toString('latin1') + body.toString('latin1'), mimeType: mimeOf(path) };
  }
}

function mimeOf(path: string): string {
  if (path.endsWith('.md')) return 'text/markdown';
  if (path.endsWith('.py')) return 'text/x-python';
  if (path.endsWith('.json')) return 'application/json';
  return 'text/plain';
}
