// Code execution hidden in configuration values (threat model T2): a JSON,
// YAML or TOML field that should hold data but holds code that runs
// something (`"formatter": "require('child_process').execSync(…)"`,
// `command: $(curl …)` in a value that is no command), and YAML tags that
// make an unsafe loader call a function (`!!python/object/apply:os.system`).
// npm install hooks stay with risk-install-hook (auto-run.ts); a field meant
// to hold a command (npm scripts, `command:`) is judged as code instead.
import { codeOf } from '../code/analyze.js';
import { codeFindings } from './code-findings.js';
import { eachMatch, emptyResult, lineExcerpt, locate, riskFinding, type RiskContext, type RuleResult } from './context.js';
import { append } from '../../../shared/append.js';

// Tags that PyYAML (unsafe loaders), js-yaml (with the JS types), Ruby's Psych and SnakeYAML turn into calls.
const UNSAFE_TAGS = /!!python\/(?:object(?:\/apply|\/new)?|name|module):[\w.]+|!!js\/(?:function|eval)\b|!ruby\/(?:object|hash|struct):[\w:]+|!!javax\.script\.ScriptEngineManager|!!(?:java|com|org)\.[\w.]*(?:ScriptEngine|ProcessBuilder|Runtime|URLClassLoader)\b/g;

export function configExecRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  append(out.findings, codeFindings(ctx, ['risk-exec-in-config']));
  for (const config of codeOf(ctx).configs) {
    if (config.format !== 'yaml') continue;
    const source = config.source;
    eachMatch(source.text.slice(config.start, config.end), UNSAFE_TAGS, (m) => {
      const offset = config.start + m.index;
      const at = locate(ctx, source, offset);
      out.findings.push(
        riskFinding('risk-exec-in-config', `${source.path} line ${at.line} has the YAML tag ${m[0]}: a loader that honours it (PyYAML's unsafe loaders, js-yaml's JavaScript types, SnakeYAML) calls that code while reading the file.`, at, {
          excerpt: lineExcerpt(source, offset, m[0].length),
        }),
      );
    });
  }
  return out;
}
