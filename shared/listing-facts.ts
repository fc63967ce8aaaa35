// What a skill's listing already tells, before any file is read: the tools
// its frontmatter asks for (`allowed-tools`), the scripts and programs among
// its files by path and extension, the skills nested in it, how many files it
// has and their declared size, and invisible, bidi or control characters in
// its name or description. All from the SkillEntry alone — no read, so every
// catalog row can show it. A name says what a file claims to be; the review
// classifies the exact bytes (electron/review/rules/file-kinds.ts).
import { append } from './append.js';
import { EXECUTABLE_EXTENSIONS, SCRIPT_EXTENSIONS, baseName, extensionOf } from './file-kinds.js';
import { INVISIBLE_KIND_LABELS, describeInvisible, findInvisible, revealIdentifier, revealInvisible, type InvisibleKind, type InvisibleRun } from './invisible-chars.js';
import type { SkillEntry } from './model.js';
import { canonicalUri, containment } from './skill-uri.js';
import { describeTool, splitTools, type ToolRequest } from './tool-requests.js';
import { ownValue } from './data-record.js';
import { yaml11Frontmatter } from './merge-keys.js';

/** A listed file that its name says is a script or a program. */
export interface ListedProgram {
  readonly uri: string;
  /** Inside the skill's folder, `/`-separated; the URI when the file is not under it. */
  readonly path: string;
  readonly kind: 'script' | 'executable';
  /** What runs it, in words: "shell", "Python", ".exe file". */
  readonly runtime: string;
  /** Why, in words: `its name ends in .sh`. */
  readonly reason: string;
}

/** A skill inside this one. */
export interface NestedSkillFact {
  /** The nested skill's SKILL.md URI. */
  readonly uri: string;
  /** Its folder inside this skill's folder ("headlines"), or the URI when it cannot be said. */
  readonly path: string;
  /** The server lists it as a skill of its own (else only this skill's resources hold its SKILL.md). */
  readonly listed: boolean;
}

/** Characters a reader would not see, in the name or the description. */
export interface HiddenCharacters {
  readonly field: 'name' | 'description';
  readonly runs: readonly InvisibleRun[];
  /** "1 bidirectional control", for a line of text. */
  readonly summary: string;
  /** The text with each such character drawn as a marker (⟦RLO⟧), as the Bytes view draws it. */
  readonly revealed: string;
  /** Among them a bidi control, which can make text read in another order than it is stored. */
  readonly bidi: boolean;
}

export interface ListingFacts {
  /** `allowed-tools` as the listing's frontmatter gives it (a string or a list), tool by tool; empty when it asks for none. */
  readonly allowedTools: readonly ToolRequest[];
  /** How the field was written: a string (the Agent Skills form), a list, or something else; absent when there is none. */
  readonly allowedToolsForm?: 'string' | 'list' | 'other';
  readonly scripts: readonly ListedProgram[];
  readonly executables: readonly ListedProgram[];
  /** Skills nested in this one: the ones the listing links to it, and SKILL.md files deeper among its resources. */
  readonly nestedSkills: readonly NestedSkillFact[];
  /** The skill this one sits in, when it is nested. */
  readonly nestedIn?: string;
  /** Files the listing names; undefined when their set is dynamic or missing. */
  readonly fileCount: number | undefined;
  /** The declared sizes added up (files without a valid size left out, see sizeUnknown); undefined with fileCount. */
  readonly totalBytes: number | undefined;
  /** Files whose declared size is not a byte count, so totalBytes leaves them out. */
  readonly sizeUnknown: number;
  readonly dynamic: boolean;
  /** Invisible, bidi or control characters in the name and the description (only the fields that have any). */
  readonly hidden: readonly HiddenCharacters[];
}

const cache = new WeakMap<SkillEntry, ListingFacts>();

/** The facts of an entry (entries are immutable, so each is worked out once). */
export function listingFacts(entry: SkillEntry): ListingFacts {
  let facts = cache.get(entry);
  if (!facts) {
    facts = computeFacts(entry);
    cache.set(entry, facts);
  }
  return facts;
}

function computeFacts(entry: SkillEntry): ListingFacts {
  // As a YAML 1.1 host reads it: `<<: {allowed-tools: …}` asks for those tools there.
  const raw = yaml11Frontmatter(entry.frontmatter)['allowed-tools'];
  const form = raw === undefined || raw === null ? undefined : typeof raw === 'string' ? 'string' : Array.isArray(raw) ? 'list' : 'other';
  const allowedTools = splitTools(raw).map(describeTool);

  const scripts: ListedProgram[] = [];
  const executables: ListedProgram[] = [];
  const nested: NestedSkillFact[] = [];
  const listedNested = new Set(entry.nestedSkills.map((uri) => canonicalUri(uri)));
  for (const uri of entry.nestedSkills) nested.push({ uri, path: folderOf(uri, entry.uri), listed: true });

  let fileCount: number | undefined;
  let totalBytes: number | undefined;
  let sizeUnknown = 0;
  const resources = entry.resources;
  if (Array.isArray(resources)) {
    fileCount = resources.length;
    totalBytes = 0;
    const own = canonicalUri(entry.uri);
    for (const r of resources) {
      if (r.declaredSize !== undefined || !Number.isSafeInteger(r.size) || r.size < 0) sizeUnknown++;
      else totalBytes += r.size;
      const key = canonicalUri(r.uri);
      if (key === own) continue;
      const path = pathOf(r.uri, entry.uri);
      if (baseName(path) === 'SKILL.md') {
        if (!listedNested.has(key)) nested.push({ uri: r.uri, path: folderOf(r.uri, entry.uri), listed: false });
        continue;
      }
      const program = programOf(r.uri, path);
      if (program?.kind === 'script') scripts.push(program);
      else if (program) executables.push(program);
    }
  }

  const hidden: HiddenCharacters[] = [];
  const inName = hiddenIn('name', entry.name);
  if (inName) hidden.push(inName);
  const inDescription = hiddenIn('description', entry.description);
  if (inDescription) hidden.push(inDescription);

  return {
    allowedTools,
    ...(form ? { allowedToolsForm: form } : {}),
    scripts,
    executables,
    nestedSkills: nested,
    ...(entry.nestedIn ? { nestedIn: entry.nestedIn } : {}),
    fileCount,
    totalBytes,
    sizeUnknown,
    dynamic: resources === 'dynamic',
    hidden,
  };
}

/** A script or a program by its name alone, or undefined. */
export function programOf(uri: string, path: string): ListedProgram | undefined {
  const ext = extensionOf(path);
  if (EXECUTABLE_EXTENSIONS.has(ext)) return { uri, path, kind: 'executable', runtime: `.${ext} file`, reason: `its name ends in .${ext}` };
  const runtime = ownValue(SCRIPT_EXTENSIONS, ext);
  if (runtime) return { uri, path, kind: 'script', runtime, reason: `its name ends in .${ext}` };
  // No extension in a folder that holds programs: what it is shows only once read.
  if (ext === '' && !baseName(path).startsWith('.')) {
    const folder = path.split('/').at(-2);
    if (folder === 'bin') return { uri, path, kind: 'executable', runtime: 'a program', reason: 'it sits in bin/ with no extension' };
    if (folder === 'scripts') return { uri, path, kind: 'script', runtime: 'a program', reason: 'it sits in scripts/ with no extension' };
  }
  return undefined;
}

function pathOf(fileUri: string, skillUri: string): string {
  const where = containment(fileUri, skillUri);
  return where.inside ? where.relativePath : fileUri;
}

/** A nested SKILL.md's folder inside the skill's ("headlines" for headlines/SKILL.md). */
function folderOf(skillMdUri: string, skillUri: string): string {
  const path = pathOf(skillMdUri, skillUri);
  return path === skillMdUri ? skillMdUri : path.replace(/\/?SKILL\.md$/, '') || path;
}

// Tab, line feed and carriage return lay text out; in a name they only hide where it ends.
const LAYOUT = /[\t\n\r]/;

function hiddenIn(field: 'name' | 'description', text: string): HiddenCharacters | undefined {
  // Fast path: nothing but printable ASCII (almost every name and description).
  if (!/[^\x20-\x7e\t\n\r]/.test(text) && !(field === 'name' && LAYOUT.test(text))) return undefined;
  const runs = findInvisible(text, { includeLeadingBom: true });
  // Appended, not spread into push(): a name of 150,000 tabs is as many runs.
  if (field === 'name') append(runs, layoutRuns(text));
  if (runs.length === 0) return undefined;
  runs.sort((a, b) => a.index - b.index);
  return {
    field,
    runs,
    summary: describeInvisible(runs),
    revealed: field === 'name' ? revealIdentifier(text) : revealInvisible(text),
    bidi: runs.some((r) => r.kind === 'bidi'),
  };
}

/** Tab, LF and CR in a name, as control-character runs. */
function layoutRuns(text: string): InvisibleRun[] {
  const runs: InvisibleRun[] = [];
  let line = 1;
  let column = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) runs.push({ kind: 'control', index: i, length: 1, line, column, codePoints: [c] });
    if (c === 0x0a) {
      line++;
      column = 1;
    } else if (c < 0xdc00 || c > 0xdfff) column++;
  }
  return runs;
}

/** The label of a kind of hidden character ("bidirectional control"), for a badge. */
export function hiddenKindLabel(kind: InvisibleKind, count: number): string {
  return count === 1 ? INVISIBLE_KIND_LABELS[kind].one : INVISIBLE_KIND_LABELS[kind].many;
}
