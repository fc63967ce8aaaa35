// Invisible characters in any text a model receives (threat model T1): tag
// characters that spell hidden ASCII, bidi controls that reorder what a
// reader sees, zero-width and other format characters, variation selectors
// used to smuggle bytes, control characters and odd spaces.
import { codePointLabel, codePointName, describeInvisible, findInvisible, type InvisibleKind, type InvisibleRun } from '../../../shared/invisible-chars.js';
import type { RiskFindingId } from '../../../shared/risk-findings.js';
import { emptyResult, hiddenText, lineExcerpt, locate, riskFinding, type RiskContext, type RuleResult } from './context.js';

const ID_OF: Record<InvisibleKind, RiskFindingId> = {
  tag: 'risk-tag-characters',
  bidi: 'risk-bidi-controls',
  'zero-width': 'risk-zero-width',
  format: 'risk-format-characters',
  variation: 'risk-variation-selectors',
  control: 'risk-control-characters',
  space: 'risk-unusual-spaces',
  // Private-use and replacement characters are visible (as boxes): not hidden text.
  unusual: 'risk-format-characters',
};

/**
 * Bytes hidden in variation selectors (the "emoji smuggling" trick: byte n is
 * U+FE00+n for n < 16, else U+E0100+n−16), decoded when they form UTF-8 text.
 */
function decodeVariationSelectors(codePoints: readonly number[]): string | undefined {
  const bytes: number[] = [];
  for (const cp of codePoints) {
    if (cp >= 0xfe00 && cp <= 0xfe0f) bytes.push(cp - 0xfe00);
    else if (cp >= 0xe0100 && cp <= 0xe01ef) bytes.push(cp - 0xe0100 + 16);
    else return undefined;
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
    return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\t]+$/u.test(text) && /\p{L}{2}/u.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

function names(run: InvisibleRun): string {
  const distinct = [...new Set(run.codePoints)].slice(0, 4);
  return distinct.map((cp) => `${codePointLabel(cp)} ${codePointName(cp)}`).join(', ') + (new Set(run.codePoints).size > 4 ? ', …' : '');
}

export function invisibleTextRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  for (const source of ctx.sources) {
    const runs = findInvisible(source.text).filter((r) => r.kind !== 'unusual');
    // One finding per tag run (each spells its own text), otherwise one per kind and line.
    const grouped = new Map<string, InvisibleRun[]>();
    for (const run of runs) {
      const key = run.kind === 'tag' ? `tag:${run.index}` : `${run.kind}:${run.line}`;
      const list = grouped.get(key);
      if (list) list.push(run);
      else grouped.set(key, [run]);
    }
    for (const group of grouped.values()) {
      const first = group[0]!;
      const id = ID_OF[first.kind];
      const at = locate(ctx, source, first.index);
      const excerpt = lineExcerpt(source, first.index, first.length);
      const where = source.field ? `${source.path} (${source.field})` : source.path;
      if (first.kind === 'tag') {
        const decoded = first.decoded ?? '';
        out.findings.push(
          riskFinding(id, `${where} line ${at.line} holds ${first.codePoints.length} Unicode tag characters. They are invisible, but a model reads them as the text: ${JSON.stringify(decoded.slice(0, 300))}.`, at, {
            excerpt,
            actual: decoded.slice(0, 1000),
          }),
        );
        out.hidden.push(hiddenText('tag-characters', at, decoded, id));
        continue;
      }
      const description = describeInvisible(group);
      const listed = group.map(names).filter((n, i, a) => a.indexOf(n) === i).join('; ');
      let message = `${where} line ${at.line} has ${description} (${listed}).`;
      if (first.kind === 'bidi') message += ' They can make text display in a different order than the model reads it.';
      if (first.kind === 'zero-width' || first.kind === 'format') message += ' A reader sees nothing there; a model receives them, and they can split words so filters miss them.';
      if (first.kind === 'control') message += ' Control characters do not belong in text and can hide or rewrite what a terminal shows.';
      if (first.kind === 'space') message += ' They look like ordinary spaces or nothing at all.';
      let decodedVs: string | undefined;
      if (first.kind === 'variation') {
        decodedVs = decodeVariationSelectors(group.flatMap((r) => r.codePoints));
        message += decodedVs !== undefined ? ` Read as hidden bytes they spell: ${JSON.stringify(decodedVs.slice(0, 300))}.` : ' Outside emoji they have no visible effect but can carry hidden data.';
      }
      out.findings.push(riskFinding(id, message, at, { excerpt, ...(decodedVs !== undefined ? { actual: decodedVs.slice(0, 1000) } : {}) }));
      if (first.kind !== 'space') {
        out.hidden.push(hiddenText('invisible-characters', at, decodedVs ?? excerpt, id));
      }
    }
  }
  return out;
}
