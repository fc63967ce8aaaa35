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
  let view: FrontmatterView = { value: ctx.input.listedFrontmatter ?? {}, fieldLines: {}, fileUri: ctx.input.skillUri, ...(source ? { source } : {}) };
  if (source) {
    const parsed = parseFrontmatter(source.text);
    if (parsed.ok) view = { value: parsed.value, fieldLines: parsed.fieldLines, source, fileUri: source.fileUri };
  }
  cache.set(ctx, view);
  return view;
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
