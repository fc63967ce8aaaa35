// The skill's frontmatter as the served SKILL.md has it (with the line of
// each field), or as listed when SKILL.md could not be read or parsed. Read as
// a YAML 1.1 host reads it: fields a merge key (`<<`) brings in are fields
// (js-yaml, gray-matter grant an allowed-tools given so), each placed on the
// line of its `<<`.
import { yaml11Frontmatter } from '../../../shared/merge-keys.js';
import { parseFrontmatter } from '../../skills/frontmatter.js';
import type { RiskContext, TextSource } from './context.js';

export interface FrontmatterView {
  readonly value: Readonly<Record<string, unknown>>;
  readonly fieldLines: Readonly<Record<string, number>>;
  /** The SKILL.md source, when it was read. */
  readonly source?: TextSource;
  readonly fileUri: string;
}

/**
 * The fields hosts act on. A file the SDK refuses (an alias, a tag, a `...` line) is still loaded by hosts that
 * read it with a YAML library, so its fields as such a library reads them are judged too.
 */
function fieldsOf(text: string): { readonly value: Record<string, unknown>; readonly fieldLines: Record<string, number> } | undefined {
  const parsed = parseFrontmatter(text);
  return parsed.ok ? parsed : parsed.read;
}

const cache = new WeakMap<RiskContext, FrontmatterView>();

export function frontmatterOf(ctx: RiskContext): FrontmatterView {
  const cached = cache.get(ctx);
  if (cached) return cached;
  const source = ctx.sources.find((s) => s.kind === 'skill-md');
  let view: FrontmatterView = { value: yaml11Frontmatter(ctx.input.listedFrontmatter ?? {}), fieldLines: Object.create(null) as Record<string, number>, fileUri: ctx.input.skillUri, ...(source ? { source } : {}) };
  if (source) {
    const parsed = fieldsOf(source.text);
    if (parsed) view = { ...asYaml11(parsed.value, parsed.fieldLines), source, fileUri: source.fileUri };
  }
  cache.set(ctx, view);
  return view;
}

const nestedCache = new WeakMap<RiskContext, FrontmatterView[]>();

/**
 * The frontmatter of every SKILL.md below the skill's root among its files: a
 * nested skill, listed as one or not. Hosts act on its fields (hooks,
 * allowed-tools) when they load it, so the rules that judge those fields judge
 * each of these too, on its own file.
 */
export function nestedFrontmattersOf(ctx: RiskContext): readonly FrontmatterView[] {
  const cached = nestedCache.get(ctx);
  if (cached) return cached;
  const views: FrontmatterView[] = [];
  for (const source of ctx.sources) {
    if (source.kind === 'skill-md' || source.kind === 'metadata' || source.kind === 'decoded' || !/(^|\/)SKILL\.md$/.test(source.path)) continue;
    const parsed = fieldsOf(source.text);
    if (parsed) views.push({ ...asYaml11(parsed.value, parsed.fieldLines), source, fileUri: source.fileUri });
  }
  nestedCache.set(ctx, views);
  return views;
}

/** The fields as a YAML 1.1 host has them; one a merge key brings in is on the `<<` line. */
function asYaml11(value: Readonly<Record<string, unknown>>, fieldLines: Readonly<Record<string, number>>): Pick<FrontmatterView, 'value' | 'fieldLines'> {
  const merged = yaml11Frontmatter(value);
  if (merged === value) return { value, fieldLines };
  const mergeLine = fieldLines['<<'];
  const lines: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const field of Object.keys(merged)) {
    const line = Object.hasOwn(value, field) ? fieldLines[field] : mergeLine;
    if (line !== undefined) lines[field] = line;
  }
  return { value: merged, fieldLines: lines };
}

/** The skill's own frontmatter, then each nested SKILL.md's. */
export function everyFrontmatterOf(ctx: RiskContext): readonly FrontmatterView[] {
  return [frontmatterOf(ctx), ...nestedFrontmattersOf(ctx)];
}

/** The first line, at or after a field's own line, whose text contains `needle` (for nested values). */
export function lineOfValue(view: FrontmatterView, field: string, needle: string): number | undefined {
  const start = view.fieldLines[field];
  if (start === undefined || !view.source) return start;
  const lines = view.source.text.split('\n');
  for (let i = start - 1; i < lines.length; i++) {
    if (i > start - 1 && /^---\s*$/.test(lines[i] ?? '')) break;
    if ((lines[i] ?? '').includes(needle)) return i + 1;
  }
  return start;
}
