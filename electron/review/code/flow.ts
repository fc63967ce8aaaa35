// The state of one snippet's analysis: what each variable holds, the facts
// found so far, and the bounds that keep a hostile file from making the walk
// slow or deep (a node budget and a nesting limit).
import type { Node } from 'web-tree-sitter';
import { emptyFacts, NOTHING, type CodeFacts, type FileWrite, type Value, type WrittenFile } from './facts.js';
import type { CodeLanguage } from './grammars.js';

const NODE_BUDGET = 250_000;
const MAX_DEPTH = 120;
export const MAX_FACTS = 200;
const MAX_FILES = 200;

/** A path as written, for comparing: quotes, `./` and backslashes removed. */
export function normPath(p: string): string {
  return p.replace(/^["']|["']$/g, '').replace(/\\/g, '/').replace(/^\.\//, '');
}

/** Whether two paths name the same file; `dir/*` (an unpacked archive) names everything in a folder. */
export function samePath(a: string, b: string): boolean {
  const x = normPath(a);
  const y = normPath(b);
  if (!x || !y || x === '*' || y === '*') return false;
  if (x === y) return true;
  for (const [dir, file] of [[x, y], [y, x]] as const) {
    if (!dir.endsWith('/*') || file.endsWith('/*')) continue;
    const prefix = dir.slice(0, -2);
    if (prefix === '.' || prefix === '') return !file.startsWith('/') && !file.startsWith('~');
    return file.startsWith(`${prefix}/`);
  }
  return false;
}

export class Flow {
  readonly vars = new Map<string, Value>();
  readonly facts: CodeFacts = emptyFacts();
  private budget = NODE_BUDGET;
  private depth = 0;
  /** The walk stopped early (budget or depth): some code was not looked at. */
  cut = false;
  /**
   * The first place past which a bound stopped reading (a snippet offset) and why: harmless code that fills a
   * bound must not hide what comes after it without a word (analyze.ts says where).
   */
  stopped: { offset: number; why: string } | undefined;
  private readonly byPath = new Map<string, WrittenFile>();

  /** Records a file the code writes; writing the same path again replaces what it holds. */
  write(file: WrittenFile): void {
    const key = normPath(file.path);
    if (!key || key === '*') return;
    const known = this.byPath.get(key);
    const files = this.facts.files;
    if (known) {
      const i = files.indexOf(known);
      if (i >= 0) files[i] = file;
    } else if (files.length >= MAX_FILES) return this.stop(file.offset, `it writes more than ${MAX_FILES} files`);
    else files.push(file);
    this.byPath.set(key, file);
  }

  /** Records that the code writes to a path, whatever it writes (once per place and path). */
  wrote(write: FileWrite): void {
    const path = write.path.trim();
    if (!path || path === '*') return;
    if (this.facts.writes.length >= MAX_FILES) return this.stop(write.offset, `it writes more than ${MAX_FILES} files`);
    if (this.facts.writes.some((w) => w.offset === write.offset && w.path === path)) return;
    this.facts.writes.push(path === write.path ? write : { ...write, path });
  }

  /** Records that reading stopped at `offset` (the first such place is kept). */
  stop(offset: number, why: string): void {
    this.stopped ??= { offset, why };
  }

  /** Where reading stopped, if it did: the first bound met, or the last fact kept once the facts are full. */
  stoppedAt(): { offset: number; why: string } | undefined {
    if (!this.full) return this.stopped;
    const f = this.facts;
    let last = 0;
    for (const list of [f.execs, f.files, f.sends, f.shells] as ReadonlyArray<ReadonlyArray<{ offset: number }>>) for (const x of list) last = Math.max(last, x.offset);
    if (this.stopped && this.stopped.offset <= last) return this.stopped;
    return { offset: last, why: `it runs, writes or sends more than ${MAX_FACTS} things` };
  }

  /** What this snippet wrote at a path, if anything. */
  written(path: string): WrittenFile | undefined {
    const hit = this.byPath.get(normPath(path));
    if (hit) return hit;
    return this.facts.files.find((f) => f.path.endsWith('/*') && samePath(f.path, path));
  }

  /** Runs `fn` one level deeper, or returns NOTHING past the limits. */
  deeper<T extends Value>(fn: () => T): T | Value {
    if (--this.budget <= 0 || this.depth >= MAX_DEPTH) {
      this.cut = true;
      return NOTHING;
    }
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  /** Forgets the facts and every variable but the functions: a second pass over code whose functions are now known. */
  resetFacts(): void {
    for (const [name, value] of this.vars) if (!value.returns) this.vars.delete(name);
    const f = this.facts;
    for (const list of [f.execs, f.files, f.writes, f.sends, f.shells, f.nested, f.expansions] as unknown[][]) list.length = 0;
    this.byPath.clear();
  }

  get full(): boolean {
    const f = this.facts;
    return f.execs.length + f.files.length + f.sends.length + f.shells.length + f.nested.length > MAX_FACTS;
  }

  nest(language: CodeLanguage, value: Value, label: string): void {
    const span = value.span;
    const text = value.text;
    if (span === undefined || this.full || !text.trim()) return;
    const offsets = typeof span === 'number' ? Array.from({ length: text.length + 1 }, (_, i) => span + i) : span;
    if (text.length + 1 !== offsets.length) return;
    this.facts.nested.push({ language, text, offsets, label });
  }
}

/** The named children of a node, without the nulls the binding may return. */
export function named(node: Node): Node[] {
  // One call for all of them: namedChild(i) walks from the first child each time, quadratic on a wide node
  // (a module of thousands of statements, an ERROR node over a whole file). The binding caches the array: copy it.
  return node.namedChildren.filter((c): c is Node => c !== null);
}

export function field(node: Node, name: string): Node | undefined {
  return node.childForFieldName(name) ?? undefined;
}

export function fields(node: Node, name: string): Node[] {
  return node.childrenForFieldName(name).filter((n): n is Node => n !== null);
}

export function place(node: Node): { offset: number; length: number } {
  return { offset: node.startIndex, length: node.endIndex - node.startIndex };
}

/** The last path segment of a program name, lower-cased, without `.exe`. */
export function programName(text: string): string {
  return (text.split(/[\\/]/).pop() ?? text).toLowerCase().replace(/\.exe$/, '');
}

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'tcsh', 'csh', 'busybox', 'rbash']);
export const PYTHONS = /^(?:python[0-9.]*|pypy[0-9.]*|py)$/;
export const NODES = new Set(['node', 'nodejs']);
export const POWERSHELLS = new Set(['powershell', 'pwsh']);
export const OTHER_INTERPRETERS = new Set(['perl', 'ruby', 'php', 'lua', 'osascript', 'tclsh', 'rscript', 'cmd', 'deno', 'bun']);

/** Whether a program name is something that runs code it is given. */
export function isInterpreter(name: string): boolean {
  return SHELLS.has(name) || PYTHONS.test(name) || NODES.has(name) || POWERSHELLS.has(name) || OTHER_INTERPRETERS.has(name);
}

export function languageOfRunner(name: string): CodeLanguage | undefined {
  if (SHELLS.has(name)) return 'bash';
  if (PYTHONS.test(name)) return 'python';
  if (NODES.has(name)) return 'javascript';
  if (POWERSHELLS.has(name)) return 'powershell';
  return undefined;
}

// Code for the interpreters the code layer has no grammar for: a socket and a shell in one program.
const FOREIGN_REVERSE_SHELL = /\b(?:fsockopen|TCPSocket|IO::Socket|Socket::INET|socket\s*\(|SOCK_STREAM|net\.Dial)\b[\s\S]{0,600}(?:\/bin\/(?:ba)?sh|\bcmd\.exe|\bexec\s*\(|\bsystem\s*\(|\bspawn\b|\bpopen\b)|(?:\/bin\/(?:ba)?sh)[\s\S]{0,600}\b(?:fsockopen|TCPSocket|IO::Socket|Socket::INET)\b/;

export function foreignReverseShell(code: string): boolean {
  return FOREIGN_REVERSE_SHELL.test(code.slice(0, 20_000));
}
