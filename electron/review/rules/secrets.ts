// Key material shipped in a skill: private keys (PEM, OpenSSH, PuTTY) and
// access keys and tokens of well-known formats. Matched on content, so a key
// is flagged whatever its file is called ("example.txt" included). Excerpts
// never repeat a secret: they show its start and length.
import { eachMatch, emptyResult, fileLocation, lineIndexOf, locate, riskFinding, type RiskContext, type RuleResult } from './context.js';
import { extensionOf } from './file-kinds.js';
import type { PreparedFile } from './sources.js';

// A header alone (in a how-to, say) is not a key: each pattern wants key data after it.
const KEY_BODY = String.raw`(?=(?:\r?\n[^\n]{0,200}){0,6}?\r?\n[A-Za-z0-9+/]{40,}={0,2}\r?$)`;
const PRIVATE_KEYS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: new RegExp(String.raw`-----BEGIN (?:RSA |DSA |EC |OPENSSH |ENCRYPTED |PGP |SSH2 )?PRIVATE KEY(?: BLOCK)?-----${KEY_BODY}`, 'gm'), what: 'a private key (PEM)' },
  { pattern: new RegExp(String.raw`---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----${KEY_BODY}`, 'gm'), what: 'an SSH2 private key' },
  { pattern: /^PuTTY-User-Key-File-\d+:\s*\S+(?=[\s\S]{0,2000}?^Private-Lines:\s*\d+)/gm, what: 'a PuTTY private key' },
];

const TOKEN_FORMATS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g, what: 'an AWS access key ID' },
  { pattern: /\bgh[pousr]_[A-Za-z0-9]{36,251}\b/g, what: 'a GitHub token' },
  { pattern: /\bgithub_pat_[A-Za-z0-9_]{82}\b/g, what: 'a GitHub fine-grained token' },
  { pattern: /\bglpat-[A-Za-z0-9_-]{20}\b/g, what: 'a GitLab token' },
  { pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, what: 'a Slack token' },
  { pattern: /\bhttps:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{20,}/g, what: 'a Slack webhook URL' },
  { pattern: /\b[sr]k_live_[A-Za-z0-9]{20,}\b/g, what: 'a Stripe live key' },
  { pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g, what: 'a Google API key' },
  { pattern: /\bya29\.[0-9A-Za-z_-]{20,}/g, what: 'a Google OAuth access token' },
  { pattern: /\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,}/g, what: 'an Anthropic API key' },
  { pattern: /\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}/g, what: 'an OpenAI API key' },
  { pattern: /\bsk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}\b/g, what: 'an OpenAI API key' },
  { pattern: /\bnpm_[A-Za-z0-9]{36}\b/g, what: 'an npm token' },
  { pattern: /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g, what: 'a PyPI token' },
  { pattern: /\bhf_[A-Za-z]{34}\b/g, what: 'a Hugging Face token' },
  { pattern: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g, what: 'a SendGrid key' },
  { pattern: /\bAccountKey=[A-Za-z0-9+/]{86}==/g, what: 'an Azure storage account key' },
  { pattern: /\bdop_v1_[a-f0-9]{64}\b/g, what: 'a DigitalOcean token' },
  { pattern: /(?:aws_secret_access_key|AWS_SECRET_ACCESS_KEY)\s*[=:]\s*["']?[A-Za-z0-9/+]{40}\b/g, what: 'an AWS secret access key' },
];

// The AWS documentation's own example keys: format-valid, known to be fake.
const DOCUMENTATION_EXAMPLES = ['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'];

const KEY_STORES = new Set(['p12', 'pfx', 'jks', 'keystore', 'kdbx', 'ppk', 'pem', 'key', 'gpg', 'asc', 'der', 'p8']);

/** The secret with most of it hidden: enough to recognise, not enough to use. */
function maskSecret(secret: string): string {
  const visible = secret.length > 12 ? 6 : 2;
  return `${secret.slice(0, visible)}…(${secret.length} characters)`;
}

export function secretsRule(ctx: RiskContext, files: readonly PreparedFile[]): RuleResult {
  const out = emptyResult();
  for (const source of ctx.sources) {
    const where = source.field ? `${source.path} (${source.field})` : source.path;
    for (const { pattern, what } of PRIVATE_KEYS) {
      eachMatch(source.text, pattern, (m) => {
        const at = locate(ctx, source, m.index);
        out.findings.push(riskFinding('risk-private-key', `${where} line ${at.line} contains ${what}. Key material does not belong in a skill, whatever the file is called: anyone with the skill has the key.`, at, { excerpt: m[0] }));
      });
    }
    for (const { pattern, what } of TOKEN_FORMATS) {
      eachMatch(source.text, pattern, (m) => {
        const at = locate(ctx, source, m.index);
        const example = DOCUMENTATION_EXAMPLES.some((e) => m[0].includes(e));
        const line = lineIndexOf(source).lineText(lineIndexOf(source).position(m.index).line);
        out.findings.push(
          riskFinding(
            'risk-access-token',
            example
              ? `${where} line ${at.line} contains ${what} that is the well-known documentation example (not a real key).`
              : `${where} line ${at.line} contains what looks like ${what}. Anyone with the skill could use it.`,
            at,
            { ...(example ? { severity: 'info' as const } : {}), excerpt: line.replace(m[0], example ? m[0] : maskSecret(m[0])).slice(0, 240) },
          ),
        );
      });
    }
  }
  for (const file of files) {
    const ext = extensionOf(file.path);
    if (!KEY_STORES.has(ext) || file.text !== undefined) continue;
    out.findings.push(riskFinding('risk-key-container', `${file.path} is a binary .${ext} file, a format used to store keys and certificates; its contents cannot be read here.`, fileLocation(ctx, file.uri)));
  }
  return out;
}
