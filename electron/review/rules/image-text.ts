// Shows the text found in image metadata (the extraction is in
// image-metadata.ts; every other rule then scans that text like a file).
import { emptyResult, excerptOf, hiddenText, locate, riskFinding, type RiskContext, type RuleResult } from './context.js';

export function imageTextRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  for (const source of ctx.sources) {
    if (source.kind !== 'metadata') continue;
    if (source.unread !== undefined) {
      const { line: _line, column: _column, ...at } = locate(ctx, source, 0);
      out.findings.push(riskFinding('risk-check-incomplete', `${source.path} holds text in ${source.field ?? 'its metadata'} that was not read: ${source.unread}. What it says may be there unseen; review the file by hand.`, at));
      continue;
    }
    const text = source.text.trim();
    const letters = (text.match(/\p{L}/gu) ?? []).length;
    // The text sits in a metadata field, not on a line of the file.
    const { line: _line, column: _column, ...at } = locate(ctx, source, 0);
    out.findings.push(
      riskFinding('risk-image-text', `${source.path} carries ${text.length} characters of text in ${source.field ?? 'its metadata'}. Nobody sees it when looking at the picture; a model given the file can read it: ${JSON.stringify(text.slice(0, 300))}.`, at, {
        // A caption-length note is common; a paragraph hidden in an image is not.
        severity: letters >= 20 ? 'warning' : 'info',
        excerpt: excerptOf(text),
        actual: text.slice(0, 1000),
      }),
    );
    out.hidden.push(hiddenText('image-metadata', at, text, 'risk-image-text'));
  }
  return out;
}
