// Test helper shared by hijack.test.ts and hijack.property.test.ts: reviews a
// crafted skill and keeps the findings of the intent families.
import type { Finding } from '../../../shared/model.js';
import { reviewContent } from '../risk-review.js';

export const INTENT_KINDS = ['risk-override-instructions', 'risk-impersonation', 'risk-conceal-from-user', 'risk-disclose-secrets', 'risk-credential-request', 'risk-unbounded-loop', 'risk-skip-consent', 'risk-secret-exfiltration'] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];

export const HEADER = '---\nname: t\ndescription: A test skill.\n---\n\n';
/** The line of SKILL.md the body starts on. */
export const BODY_LINE = 6;

/** The intent findings of a skill made of these files. */
export function review(files: Record<string, string>): Finding[] {
  const input = {
    serverId: 's',
    skillUri: 'skill://t/SKILL.md',
    files: Object.entries(files).map(([p, text]) => ({ uri: `skill://t/${p}`, path: p, bytes: Buffer.from(text, 'utf8') })),
    listedFileCount: Object.keys(files).length,
  };
  return reviewContent(input).findings.filter((f) => (INTENT_KINDS as readonly string[]).includes(f.id));
}

/** The intent findings of a SKILL.md whose body is `body`. */
export function intentFindings(body: string): Finding[] {
  return review({ 'SKILL.md': `${HEADER}${body}\n` });
}
