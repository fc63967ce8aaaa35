// Remote shells (threat model T2): code that connects this computer to
// someone elsewhere and hands them a shell — /dev/tcp redirections, nc -e,
// socat exec:, a shell piped through nc, Python sockets dup2'ed onto a shell,
// Node sockets piped into a spawned shell, PowerShell TCPClient loops. Read
// from the code's syntax trees (code/); the patterns below catch the same in
// prose that is not code ("then run bash -i >& /dev/tcp/…").
import { codeFindings, fallbackMayReport } from './code-findings.js';
import { eachMatch, emptyResult, lineExcerpt, locate, riskFinding, type RiskContext, type RuleResult } from './context.js';
import { append } from '../../../shared/append.js';

const LOOPBACK = /\b(?:127\.\d+\.\d+\.\d+|localhost|0\.0\.0\.0)\b/;

// Bounded gaps: a long line full of "/dev/tcp" must not make every match scan to its end.
const PROSE: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /\b(?:ba|z|k|da)?sh\b[^\n]{0,40}\s-i\b[^\n]{0,80}\/dev\/(?:tcp|udp)\/[^\s/]+\/\d+|\/dev\/(?:tcp|udp)\/[^\s/]+\/\d+[^\n]{0,20}0>&1|\bexec\s+\d+<>\s*\/dev\/(?:tcp|udp)\//g, what: 'connects a shell to another computer through /dev/tcp' },
  { pattern: /\b(?:nc|ncat|netcat)(?:\.\w+)?\b[^\n]{0,80}\s(?:-e|-c|--exec|--sh-exec)\s+\S*(?:sh|cmd(?:\.exe)?|powershell)\b/g, what: 'hands a shell to a network connection (nc -e)' },
  { pattern: /\bsocat\b[^\n]{0,200}\b(?:exec|system):[^\n]{0,200}\b(?:tcp|ssl|openssl)[46]?(?:-connect)?:|\bsocat\b[^\n]{0,200}\b(?:tcp|ssl|openssl)[46]?(?:-connect)?:[^\n]{0,200}\b(?:exec|system):/gi, what: 'hands a shell to a network connection (socat exec:)' },
  { pattern: /\bmkfifo\b[^\n]{0,200}\|\s*(?:\/bin\/)?(?:ba)?sh\b[^\n]{0,100}\|\s*(?:nc|ncat|netcat|telnet)\b/g, what: 'pipes a shell through nc' },
  { pattern: /\bsocket\.socket\([^\n]{0,400}(?:os\.dup2|pty\.spawn)/g, what: 'puts a Python socket on a shell' },
  { pattern: /Net\.Sockets\.TCPClient[^\n]{0,600}\b(?:iex|Invoke-Expression)\b/gi, what: 'runs what a PowerShell TCP connection receives' },
];

export function reverseShellRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  append(out.findings, codeFindings(ctx, ['risk-reverse-shell']));
  for (const source of ctx.sources) {
    const where = source.field ? `${source.path} (${source.field})` : source.path;
    const seen = new Set<number>();
    for (const { pattern, what } of PROSE) {
      eachMatch(source.text, pattern, (m) => {
        if (LOOPBACK.test(m[0])) return;
        const at = locate(ctx, source, m.index);
        if (seen.has(at.line!) || !fallbackMayReport(ctx, 'risk-reverse-shell', source, m.index)) return;
        seen.add(at.line!);
        out.findings.push(riskFinding('risk-reverse-shell', `${where} line ${at.line} ${what}: whoever is at the other end could type commands on this computer.`, at, { excerpt: lineExcerpt(source, m.index, m[0].length) }));
      });
    }
  }
  return out;
}
