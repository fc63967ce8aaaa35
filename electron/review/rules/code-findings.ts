// The bridge between the code layer and the rules: the code findings of one
// kind, and the test the text-pattern fallback must pass before it reports
// (the place is prose, not code already read, and no code finding of the
// same kind is on that line: one finding per place).
import type { Finding } from '../../../shared/model.js';
import type { RiskFindingId } from '../../../shared/risk-findings.js';
import { codeOf } from '../code/analyze.js';
import { codeDetections, isCovered, type Detection } from '../code/judge.js';
import { excerptOf, lineExcerpt, locate, riskFinding, type RiskContext, type TextSource } from './context.js';

const detections = new WeakMap<RiskContext, Detection[]>();

function detectionsOf(ctx: RiskContext): Detection[] {
  let list = detections.get(ctx);
  if (!list) {
    list = codeDetections(codeOf(ctx));
    detections.set(ctx, list);
  }
  return list;
}

function lineKey(ctx: RiskContext, id: string, source: TextSource, offset: number): string {
  return `${id}\n${source.fileUri}\n${source.field ?? ''}\n${locate(ctx, source, offset).line ?? ''}`;
}

/** The findings the code layer makes of one kind. */
export function codeFindings(ctx: RiskContext, ids: readonly RiskFindingId[]): Finding[] {
  return detectionsOf(ctx)
    .filter((d) => ids.includes(d.id))
    .map((d) => {
      const at = locate(ctx, d.source, d.offset);
      const excerpt = d.source.decodedFrom ? excerptOf(d.source.text, d.offset, d.length) : lineExcerpt(d.source, d.offset, d.length);
      return riskFinding(d.id, d.message, { ...at, ...(d.field !== undefined ? { field: d.field } : {}) }, { excerpt });
    });
}

/** Whether a text pattern may report at this place: prose (not code already read as code), and no code finding of its kind on the line. */
export function fallbackMayReport(ctx: RiskContext, id: RiskFindingId, source: TextSource, offset: number): boolean {
  const analysis = codeOf(ctx);
  if (isCovered(analysis, source, offset)) return false;
  const key = lineKey(ctx, id, source, offset);
  return !detectionsOf(ctx).some((d) => d.id === id && d.source === source && lineKey(ctx, d.id, d.source, d.offset) === key);
}

/** Notes on code the code layer could not read as code (a grammar that did not load, a size limit). */
export function codeNotes(ctx: RiskContext): Finding[] {
  return codeOf(ctx).notes.map((n) => {
    const at = locate(ctx, n.source, n.offset);
    return riskFinding('risk-code-not-parsed', n.message, at, { excerpt: n.source.decodedFrom ? excerptOf(n.source.text, n.offset) : lineExcerpt(n.source, n.offset) });
  });
}
