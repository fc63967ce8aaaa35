// How deep the app follows data a server sent. JSON.parse and YAML readers
// build values of any depth, but every walk over them that recurses — stable
// JSON, comparisons, JSON.stringify itself, a React tree of the value — needs
// a stack frame per level: a frontmatter nested 5,000 deep (30 KB) overflowed
// the stack and took the command, or browser mode, down. So depth is capped
// once, where server data enters (the entry check, the served frontmatter),
// iteratively; what lies deeper is replaced by a marker string and reported
// (inspector-too-deep). Every recursive walk after that is bounded by the cap.

/** The deepest nesting of objects and arrays the app follows (a frontmatter mapping is level 1). */
export const MAX_DEPTH = 64;

/** Stands in for a value nested deeper than MAX_DEPTH. */
export const TOO_DEEP_MARKER = `[nested deeper than ${MAX_DEPTH} levels: not read]`;

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

interface Frame {
  readonly value: Record<string, unknown> | unknown[];
  readonly depth: number;
  /** The key (or array index) under which the parent holds this value. */
  readonly key?: string | number;
  readonly parent?: Frame;
}

function pathTo(frame: Frame): string[] {
  const path: string[] = [];
  for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) path.push(String(f.key));
  return path.reverse();
}

/**
 * The keys leading to the first container nested deeper than `limit` levels
 * (the top value being level 1), or undefined when none is. Iterative: any
 * depth is safe to ask about. Runs on every entry of every listing, so arrays
 * are walked by index and scalars never leave the loop.
 */
export function findTooDeep(value: unknown, limit: number = MAX_DEPTH): string[] | undefined {
  if (!isContainer(value)) return undefined;
  const stack: Frame[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth > limit) return pathTo(frame);
    const depth = frame.depth + 1;
    if (Array.isArray(frame.value)) {
      const list = frame.value;
      for (let i = 0; i < list.length; i++) {
        const child: unknown = list[i];
        if (isContainer(child)) stack.push({ value: child, depth, key: i, parent: frame });
      }
    } else {
      const record = frame.value;
      for (const key of Object.keys(record)) {
        const child = record[key];
        if (isContainer(child)) stack.push({ value: child, depth, key, parent: frame });
      }
    }
  }
  return undefined;
}

function keysOf(value: Record<string, unknown> | unknown[]): string[] {
  return Array.isArray(value) ? Array.from({ length: value.length }, (_, i) => String(i)) : Object.keys(value);
}

/** A copy of one level that keeps `__proto__` and other prototype names as own data keys. */
function shallowCopy(value: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] {
  return Array.isArray(value) ? value.slice() : { ...value };
}

function setOwn(target: Record<string, unknown> | unknown[], key: string, child: unknown): void {
  Object.defineProperty(target, key, { value: child, enumerable: true, writable: true, configurable: true });
}

export interface Capped<T> {
  /** The value itself when nothing was too deep (no copy); otherwise a copy with the marker below the limit. */
  readonly value: T;
  /** Keys down to the first container past the limit, when there was one. */
  readonly tooDeep?: readonly string[];
}

/** `value` with every object or array nested deeper than `limit` replaced by TOO_DEEP_MARKER. */
export function capDepth<T>(value: T, limit: number = MAX_DEPTH): Capped<T> {
  const tooDeep = findTooDeep(value, limit);
  if (!tooDeep || !isContainer(value)) return { value };
  const root = shallowCopy(value);
  const stack: Array<{ readonly copy: Record<string, unknown> | unknown[]; readonly depth: number }> = [{ copy: root, depth: 1 }];
  while (stack.length > 0) {
    const { copy, depth } = stack.pop()!;
    const container = copy as Record<string, unknown>;
    for (const key of keysOf(copy)) {
      const child = container[key];
      if (!isContainer(child)) continue;
      if (depth + 1 > limit) {
        setOwn(copy, key, TOO_DEEP_MARKER);
        continue;
      }
      const childCopy = shallowCopy(child);
      setOwn(copy, key, childCopy);
      stack.push({ copy: childCopy, depth: depth + 1 });
    }
  }
  return { value: root as T, tooDeep };
}

/** A path of keys for a message: `a.b.c`, the middle elided when it is long. */
export function describePath(keys: readonly string[], prefix = ''): string {
  const all = prefix ? [prefix, ...keys] : [...keys];
  const shown = all.length > 6 ? [...all.slice(0, 3), `…(${all.length - 5} more)…`, ...all.slice(-2)] : all;
  return shown.join('.');
}

/**
 * JSON.stringify that cannot throw: a value too deep for it (or one holding a
 * BigInt or a cycle) gives `undefined` and the reason, so a caller can send an
 * error instead of dying.
 */
export function safeStringify(value: unknown): { ok: true; text: string } | { ok: false; reason: string } {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? { ok: false, reason: 'the value has no JSON form' } : { ok: true, text };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * JSON of a server's value for a message: never throws, nesting past `depth`
 * levels shown as the marker, at most `max` characters. Undefined where
 * JSON.stringify gives undefined (an absent value), so `?? 'absent'` still reads.
 */
export function previewJson(value: unknown, max = 200, depth = 8): string | undefined {
  if (value === undefined) return undefined;
  const shown = safeStringify(capDepth(value, depth).value);
  if (!shown.ok) return shown.reason === 'the value has no JSON form' ? undefined : `(not shown: ${shown.reason})`;
  return shown.text.length > max ? shown.text.slice(0, max) : shown.text;
}

/** About how many characters JSON.stringify would write, counted without recursion (any depth). */
export function approximateJsonSize(value: unknown): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') size += v.length + 2;
    else if (typeof v === 'number' || typeof v === 'boolean') size += String(v).length;
    else if (v === null) size += 4;
    else if (Array.isArray(v)) {
      size += 2 + v.length;
      for (const item of v) stack.push(item);
    } else if (typeof v === 'object') {
      size += 2;
      for (const key of Object.keys(v)) {
        size += key.length + 4;
        stack.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return size;
}
