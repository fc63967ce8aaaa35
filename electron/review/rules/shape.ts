// Size and shape anomalies: a SKILL.md long enough to bury an instruction, a
// skill with very many files to wade through, binary files nobody can read,
// and single files far larger than instructions need to be.
import { emptyResult, fileLocation, lineIndexOf, riskFinding, type RiskContext, type RuleResult } from './context.js';
import type { PreparedFile } from './sources.js';

const LONG_SKILL_MD_LINES = 500;
const LONG_SKILL_MD_TOKENS = 5000;
const MANY_FILES = 100;
const LARGE_FILE_BYTES = 1024 * 1024;

export function shapeRule(ctx: RiskContext, files: readonly PreparedFile[]): RuleResult {
  const out = emptyResult();
  const skillMd = ctx.sources.find((s) => s.kind === 'skill-md');
  if (skillMd) {
    const lines = lineIndexOf(skillMd).lineCount;
    // ~4 characters a token: the Agent Skills guidance's own yardstick.
    const tokens = Math.round(skillMd.text.length / 4);
    if (lines > LONG_SKILL_MD_LINES || tokens > LONG_SKILL_MD_TOKENS) {
      out.findings.push(
        riskFinding('risk-long-instructions', `SKILL.md has ${lines} lines and about ${tokens.toLocaleString('en-US')} tokens. Guidance is under ${LONG_SKILL_MD_LINES} lines and ~${LONG_SKILL_MD_TOKENS.toLocaleString('en-US')} tokens; in a long file an instruction is easy to miss.`, fileLocation(ctx, skillMd.fileUri, { line: LONG_SKILL_MD_LINES < lines ? LONG_SKILL_MD_LINES + 1 : 1 }), {
          expected: `≤ ${LONG_SKILL_MD_LINES} lines, ≤ ~${LONG_SKILL_MD_TOKENS} tokens`,
          actual: `${lines} lines, ~${tokens} tokens`,
        }),
      );
    }
  }
  if (ctx.input.listedFileCount > MANY_FILES) {
    out.findings.push(
      riskFinding('risk-many-files', `The skill has ${ctx.input.listedFileCount} files. A reviewer cannot read that many; anything could sit among them.`, fileLocation(ctx, ctx.input.skillUri), {
        expected: `≤ ${MANY_FILES}`,
        actual: `${ctx.input.listedFileCount}`,
      }),
    );
  }
  for (const file of files) {
    if (file.info.kind === 'binary') {
      out.findings.push(riskFinding('risk-binary-file', `${file.path} is binary (${file.mimeType ?? 'unknown type'}, ${file.bytes.byteLength} bytes): it cannot be reviewed by reading.`, fileLocation(ctx, file.uri)));
    }
    if (file.bytes.byteLength > LARGE_FILE_BYTES) {
      out.findings.push(riskFinding('risk-large-file', `${file.path} is ${(file.bytes.byteLength / 1024 / 1024).toFixed(1)} MiB.`, fileLocation(ctx, file.uri), { actual: `${file.bytes.byteLength} bytes` }));
    }
  }
  return out;
}
