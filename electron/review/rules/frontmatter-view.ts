// The skill's frontmatter as the served SKILL.md has it (with the line of
// each field), or as listed when SKILL.md could not be read or parsed.
import { parseFrontmatter } from '../../skills/frontmatter.js';
import type { RiskContext, TextSource } from './context.js';

export interface FrontmatterView {
  readonly value: Readonly<Record<string, unknown>>;
  readonly fieldLines: Readonly<Record<string, number>>;
  /** The SKILL.md source, when it was read. */
  readonly source?: TextSource;
  readonly fileUri: string;
}

const cache = new WeakMap<RiskContext, FrontmatterView>();

export function frontmatterOf(ctx: RiskContext): FrontmatterView {
  const cached = cache.get(ctx);
  if (cached) return cached;
  const source = ctx.sources.find((s) => s.kind === 'skill-md');
  let view: FrontmatterView = { value: ctx.input.listedFrontmatter ?? {}, fieldLines: Object.create(null) as Record<string, number>, fileUri: ctx.input.skillUri, ...(source ? { source } : {}) };
  if (source) {
    const parsed = parseFrontmatter(source.text);
    if (parsed.ok) view = { value: parsed.value, fieldLines: parsed.fieldLines, source, fileUri: source.fileUri };
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
    const parsed = parseFrontmatter(source.text);
    if (parsed.ok) views.push({ value: parsed.value, fieldLines: parsed.fieldLines, source, fileUri: source.fileUri });
  }
  nestedCache.set(ctx, views);
  return views;
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
