// Where a skill reaches beyond itself (threat models T1, T5, T7): outside
// websites and images that load on their own, places where secrets are kept,
// the agent's own memory and settings files, the local file system through
// `file:`, other skills and servers, and paths that climb out of the skill.
//
// Writes to the agent's memory and settings (risk-memory-write) are a family
// of their own: code that writes them is read by the code layer (every file
// write in shell, Python, JavaScript and PowerShell, judged by its path:
// code/agent-files.ts), prose that orders them by the intent family
// (intent/families-memory.ts, run by hijack.ts). Here: those code findings,
// and a text pattern for shell writes (`>> CLAUDE.md`, `tee -a AGENTS.md`)
// in text the code layer did not read as code.
import { parseUri, resolveReference, skillRootOf } from '../../../shared/skill-uri.js';
import { agentFileOf } from '../code/agent-files.js';
import { codeFindings, fallbackMayReport } from './code-findings.js';
import { codeRanges, eachMatch, emptyResult, inRanges, isRendered, lineExcerpt, locate, riskFinding, type RiskContext, type RuleResult, type TextSource } from './context.js';
import { append } from '../../../shared/append.js';

const URI = /\b([a-z][a-z0-9+.-]{1,30}):\/\/[^\s<>"'`)\]}|]+/gi;
const FILE_URI = /\bfile:\/{0,3}[^\s<>"'`)\]]+/gi;
const NETWORK_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps', 'sftp', 'ssh', 'git', 'ws', 'wss', 's3', 'gs', 'rsync', 'smb', 'redis', 'postgres', 'postgresql', 'mysql', 'mongodb', 'amqp', 'mqtt', 'telnet']);
const INERT_SCHEMES = new Set(['file', 'data', 'javascript', 'about', 'blob', 'mailto', 'urn', 'tag', 'xmlns']);
const MD_IMAGE = /!\[[^[\]\n]*\]\(\s*<?(https?:\/\/[^\s)>]+)/gi;
const HTML_IMAGE = /<(?:img|image|source|video|audio|iframe|embed)\b[^>]*?\b(?:src|href|srcset|xlink:href)\s*=\s*["']?(https?:\/\/[^\s"'>]+)/gi;
const MD_LINK_TARGET = /!?\[[^[\]\n]*\]\(\s*<?([^\s)>]+)/g;
const HTML_LINK_TARGET = /\b(?:src|href)\s*=\s*["']([^"']+)["']/gi;
// Placeholders or variables in a URL: the address can be built from data (exfiltration).
const TEMPLATED = /\$\{|\$\(|\$[A-Z_]{2,}|\{\{|%s|<[a-z_]+>|\[[A-Z_ ]{3,}\]/i;

const CREDENTIAL_PATHS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /~?\/?\.ssh\b(?:\/[\w.-]*)?/g, what: 'SSH keys (~/.ssh)' },
  { pattern: /\bid_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b/g, what: 'an SSH private key file' },
  { pattern: /(?<![\w$.-])\.env(?:\.[\w-]+)?\b(?!\s*\()/g, what: 'a .env file (where apps keep secrets)' },
  { pattern: /\.aws\/(?:credentials|config)\b|\bAWS_SECRET_ACCESS_KEY\b/g, what: 'AWS credentials' },
  { pattern: /\.config\/gcloud\b|\bapplication_default_credentials\.json\b|\bGOOGLE_APPLICATION_CREDENTIALS\b/g, what: 'Google Cloud credentials' },
  { pattern: /\.azure\/|\bAZURE_CLIENT_SECRET\b/g, what: 'Azure credentials' },
  { pattern: /\.kube\/config\b|\bkubeconfig\b/gi, what: 'Kubernetes credentials' },
  { pattern: /\.docker\/config\.json\b/g, what: 'Docker registry credentials' },
  { pattern: /(?<![\w-])\.(?:npmrc|pypirc|netrc|git-credentials|pgpass)\b/g, what: 'a credentials file' },
  { pattern: /\.gnupg\b|\bsecring\.gpg\b/g, what: 'GPG private keys' },
  { pattern: /\/etc\/(?:passwd|shadow|sudoers)\b/g, what: 'system account files' },
  { pattern: /\blogin\.keychain\b|\bsecurity\s+find-(?:generic|internet)-password\b|\bKeychain(?:s)?\/[\w.-]+/g, what: 'the macOS keychain' },
  { pattern: /\b(?:Cookies|Login Data)\b(?=[^\n]{0,200}(?:Chrome|Chromium|Firefox|Brave|Edge|profile))/g, what: 'browser cookies or saved passwords' },
  { pattern: /\b(?:GITHUB|GH|GITLAB|OPENAI|ANTHROPIC|HF|HUGGINGFACE|SLACK|STRIPE|NPM|PYPI|DISCORD|TELEGRAM)_(?:TOKEN|API_KEY|SECRET|PAT|KEY)\b/g, what: 'an API token variable' },
  { pattern: /\b[A-Z][A-Z0-9]*_(?:API_KEY|SECRET_KEY|ACCESS_TOKEN|AUTH_TOKEN|PRIVATE_KEY|CLIENT_SECRET)\b/g, what: 'a secret variable' },
];

// A shell write in text: `>> PATH`, `> PATH`, `tee [-a] PATH` (the path is then judged by code/agent-files.ts).
const SHELL_WRITE = /(?<![<>&\d])>{1,2}\|?\s*(["']?)([^\s"'|;&<>()`]{2,300})\1|\btee\s+(?:-[a-z-]+\s+)*(["']?)([^\s"'|;&<>()`]{2,300})\3/g;

function rootDepth(path: string): number {
  return path.split('/').length - 1;
}

export function reachRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  append(out.findings, codeFindings(ctx, ['risk-memory-write']));
  const skill = parseUri(ctx.input.skillUri);
  // Cut at the SKILL.md segment (a query or fragment after it is not part of the folder), as parseSkillUri does.
  const skillRoot = `${skillRootOf(ctx.input.skillUri)}/`;
  for (const source of ctx.sources) {
    const where = source.field ? `${source.path} (${source.field})` : source.path;
    const imageOffsets = new Set<number>();
    const byDomain = new Map<string, { offset: number; count: number; templated: boolean; url: string }>();

    if (isRendered(source) || source.kind === 'metadata') {
      for (const pattern of [MD_IMAGE, HTML_IMAGE]) {
        eachMatch(source.text, pattern, (m) => {
          const url = m[1] ?? '';
          const offset = m.index + m[0].indexOf(url);
          imageOffsets.add(offset);
          const host = hostOf(url);
          const at = locate(ctx, source, m.index);
          out.findings.push(
            riskFinding('risk-external-image', `${where} line ${at.line} loads an image from ${host}. Whoever runs ${host} learns when the skill is shown${TEMPLATED.test(url) ? ', and this address is built from data, so it can carry information out' : ''}.`, at, {
              excerpt: lineExcerpt(source, m.index, m[0].length),
              actual: url,
            }),
          );
        });
      }
    }

    eachMatch(source.text, URI, (m) => {
      const scheme = (m[1] ?? '').toLowerCase();
      const uri = m[0].replace(/[.,;:!?]+$/, '');
      if (NETWORK_SCHEMES.has(scheme)) {
        if (imageOffsets.has(m.index)) return;
        const host = hostOf(uri);
        const entry = byDomain.get(host);
        if (entry) {
          entry.count++;
          entry.templated ||= TEMPLATED.test(uri);
        } else {
          byDomain.set(host, { offset: m.index, count: 1, templated: TEMPLATED.test(uri), url: uri });
        }
        return;
      }
      if (INERT_SCHEMES.has(scheme)) return;
      if (uri.startsWith(skillRoot)) return;
      const other = parseUri(uri);
      const sameServer = skill && other && other.scheme === skill.scheme;
      const at = locate(ctx, source, m.index);
      out.findings.push(
        riskFinding('risk-other-uri', `${where} line ${at.line} points at ${uri}, ${sameServer ? 'which is not part of this skill (another skill, possibly on another server)' : `a ${scheme}: resource of another server or program`}. Skills should not steer the agent to read other origins.`, at, {
          excerpt: lineExcerpt(source, m.index, m[0].length),
          actual: uri,
        }),
      );
    });

    for (const [host, entry] of byDomain) {
      const at = locate(ctx, source, entry.offset);
      out.findings.push(
        riskFinding('risk-external-url', `${where} points to ${host}${entry.count > 1 ? ` (${entry.count} times)` : ''}${entry.templated ? '; an address there is built from data, so it can carry information out' : ''}.`, at, {
          severity: entry.templated ? 'warning' : 'info',
          excerpt: lineExcerpt(source, entry.offset, entry.url.length),
          actual: host,
        }),
      );
    }

    eachMatch(source.text, FILE_URI, (m) => {
      if (ctx.input.skillUri.startsWith('file:') && m[0].startsWith(skillRoot)) return;
      const at = locate(ctx, source, m.index);
      out.findings.push(riskFinding('risk-file-uri', `${where} line ${at.line} points at ${m[0]}: a file on this computer, outside the skill.`, at, { excerpt: lineExcerpt(source, m.index, m[0].length), actual: m[0] }));
    });

    credentialRule(ctx, source, where, out);
    memoryRule(ctx, source, where, out);
    escapeRule(ctx, source, where, out);
  }
  return out;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:?#]+)/i.exec(url)?.[1] ?? url;
  }
}

function credentialRule(ctx: RiskContext, source: TextSource, where: string, out: RuleResult): void {
  const seen = new Set<string>();
  for (const { pattern, what } of CREDENTIAL_PATHS) {
    eachMatch(source.text, pattern, (m) => {
      const at = locate(ctx, source, m.index);
      // One finding per line: the first (most specific) place named.
      const key = `${at.line}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.findings.push(riskFinding('risk-credential-path', `${where} line ${at.line} mentions ${what} ("${m[0]}"). A skill rarely needs them; reading them is how secrets leave a computer.`, at, { excerpt: lineExcerpt(source, m.index, m[0].length), actual: m[0] }));
    });
  }
}

/** Shell writes to the agent's files in text the code layer did not read (a plain-text file, a command in a sentence). */
function memoryRule(ctx: RiskContext, source: TextSource, where: string, out: RuleResult): void {
  const seenLines = new Set<number>();
  eachMatch(source.text, SHELL_WRITE, (m) => {
    const path = (m[2] ?? m[4] ?? '').replace(/^\$\{?HOME\}?(?=\/)/, '~');
    const target = agentFileOf(path);
    // Shell start-up files are judged by what is written, which only the code layer knows.
    if (!target || target.kind === 'shell-rc') return;
    const at = locate(ctx, source, m.index);
    if (seenLines.has(at.line!) || !fallbackMayReport(ctx, 'risk-memory-write', source, m.index)) return;
    seenLines.add(at.line!);
    out.findings.push(
      riskFinding('risk-memory-write', `${where} line ${at.line} writes to ${path}: ${target.what}. ${target.lasts}, so the change would outlive the skill and its review.`, at, {
        excerpt: lineExcerpt(source, m.index, m[0].length),
        actual: path,
      }),
    );
  });
}

function escapeRule(ctx: RiskContext, source: TextSource, where: string, out: RuleResult): void {
  const depth = rootDepth(source.path);
  const code = isRendered(source) ? codeRanges(source.text) : [];
  const reported = new Set<number>();
  if (isRendered(source)) {
    for (const pattern of [MD_LINK_TARGET, HTML_LINK_TARGET]) {
      eachMatch(source.text, pattern, (m) => {
        if (inRanges(code, m.index)) return;
        const target = m[1] ?? '';
        // Links in a nested file are relative to that file's folder; resolveReference works from the skill root.
        const relative = !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('/') && !target.startsWith('#');
        const fromSkillRoot = depth > 0 && relative ? `${source.path.split('/').slice(0, -1).join('/')}/${target}` : target;
        if (resolveReference(fromSkillRoot, ctx.input.skillUri).kind !== 'escapes') return;
        const at = locate(ctx, source, m.index);
        reported.add(at.line!);
        out.findings.push(riskFinding('risk-path-escape', `${where} line ${at.line} links to ${target}, which is outside the skill folder.`, at, { excerpt: lineExcerpt(source, m.index, m[0].length), actual: target }));
      });
    }
  }
  // A chain of ../ longer than the file's own depth climbs out of the skill, wherever it is written.
  eachMatch(source.text, /(?:\.\.[\\/]){1,}[^\s"'`)<>]*/g, (m) => {
    const ups = (m[0].match(/\.\.[\\/]/g) ?? []).length;
    if (ups <= depth) return;
    const at = locate(ctx, source, m.index);
    if (reported.has(at.line!)) return;
    reported.add(at.line!);
    out.findings.push(riskFinding('risk-path-escape', `${where} line ${at.line} uses the path ${m[0]}, which climbs ${ups - depth} level${ups - depth === 1 ? '' : 's'} above the skill folder.`, at, { excerpt: lineExcerpt(source, m.index, m[0].length), actual: m[0] }));
  });
}
