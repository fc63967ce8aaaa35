// Secrets leaving the computer (threat models T5, T7): the environment, a
// secret-named variable, or a credential file (~/.ssh, ~/.aws/credentials,
// .env, .npmrc, keychains, browser profiles) that reaches a network sink
// (an HTTP body or address, curl -d/-F/-T, wget --post-data, nc, scp, a
// DNS name). Read from the code's syntax trees (code/) as a chain — "reads
// os.environ at line 12 → POSTs it to analytics.example at line 31"; the
// patterns below catch the plainest spellings in prose that is not code.
import { isOwnService, isSecretName } from '../code/facts.js';
import { codeFindings, fallbackMayReport } from './code-findings.js';
import { eachMatch, emptyResult, lineExcerpt, locate, riskFinding, type RiskContext, type RuleResult } from './context.js';
import { append } from '../../../shared/append.js';

const SECRET_ARG = String.raw`(?:\$\((?:env|printenv|cat\s+[^)\n]{1,200})\)|\x60(?:env|printenv)\x60|~?\/?\.ssh\/|~?\/?\.aws\/|\.env\b|\.npmrc\b|\.netrc\b|\$\{?[A-Z_]*(?:TOKEN|SECRET|API_KEY|PASSWORD)\b)`;

const PROSE: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: new RegExp(String.raw`\b(?:curl|wget)\b[^\n]{0,200}?\s(?:-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file|--post-data|--post-file)[\s=]+["']?(?:[\w-]*=)?@?${SECRET_ARG}`, 'g'), what: 'sends secrets or the environment with a web request' },
  { pattern: /\b(?:env|printenv)\s*\|\s*(?:curl|nc|ncat|netcat|wget)\b/g, what: 'sends the whole environment over the network' },
  { pattern: /\bcat\s+[^\n|]{0,200}(?:\.ssh\/|\.aws\/credentials|\.env\b|\.npmrc|\.netrc|\.git-credentials)[^\n|]{0,200}\|\s*(?:curl|nc|ncat|netcat|wget)\b/g, what: 'sends a credentials file over the network' },
];

// An address with a secret-named placeholder in it (`?gh=<GITHUB_TOKEN>`, `/${AWS_SECRET_ACCESS_KEY}`): the secret goes wherever the address points.
const SECRET_IN_URL = /\b(?:https?|wss?):\/\/([^\s`'"()[\]/?#<>]+)[^\s`'"()[\]]{0,300}?(?:<|\{\{\s*|\$\{|\$|%\()([A-Z][A-Z0-9]*_[A-Z0-9_]*)\b/g;

export function exfiltrationRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  append(out.findings, codeFindings(ctx, ['risk-secret-exfiltration']));
  for (const source of ctx.sources) {
    const where = source.field ? `${source.path} (${source.field})` : source.path;
    const seen = new Set<number>();
    eachMatch(source.text, SECRET_IN_URL, (m) => {
      const host = m[1]!.toLowerCase();
      const name = m[2]!;
      if (!isSecretName(name) || isOwnService(name, host) || /^(?:localhost|127\.)/.test(host)) return;
      const at = locate(ctx, source, m.index);
      if (seen.has(at.line!) || !fallbackMayReport(ctx, 'risk-secret-exfiltration', source, m.index)) return;
      seen.add(at.line!);
      out.findings.push(riskFinding('risk-secret-exfiltration', `${where} line ${at.line} builds an address to ${host} with ${name} in it: the secret would be sent to ${host}, which is not the service it belongs to.`, at, { excerpt: lineExcerpt(source, m.index, m[0].length) }));
    });
    for (const { pattern, what } of PROSE) {
      eachMatch(source.text, pattern, (m) => {
        const at = locate(ctx, source, m.index);
        if (seen.has(at.line!) || !fallbackMayReport(ctx, 'risk-secret-exfiltration', source, m.index)) return;
        seen.add(at.line!);
        out.findings.push(riskFinding('risk-secret-exfiltration', `${where} line ${at.line} ${what}: secrets read on this computer would leave it.`, at, { excerpt: lineExcerpt(source, m.index, m[0].length) }));
      });
    }
  }
  return out;
}
