// Content-risk finding kinds (`risk-*`): what a skill's exact bytes would make
// an agent do, or try to hide. Warnings and notes for a reviewer, not verdicts.
// IDs are stable: suppressions and receipts bind to them.
import type { Severity } from './model.js';

export const RISK_FINDINGS = {
  // Invisible text: what a reader does not see but a model receives
  'risk-tag-characters': { severity: 'error', title: 'Hidden text in Unicode tag characters' },
  'risk-bidi-controls': { severity: 'warning', title: 'Bidirectional controls reorder the text a reader sees' },
  'risk-zero-width': { severity: 'warning', title: 'Zero-width characters' },
  'risk-format-characters': { severity: 'warning', title: 'Invisible format characters' },
  'risk-variation-selectors': { severity: 'warning', title: 'Variation selectors outside emoji (can carry hidden data)' },
  'risk-control-characters': { severity: 'warning', title: 'Control characters in text' },
  'risk-unusual-spaces': { severity: 'info', title: 'Unusual or blank-looking spaces' },
  'risk-html-comment': { severity: 'warning', title: 'HTML comment: hidden from readers, read by the model' },
  'risk-hidden-markdown': { severity: 'warning', title: 'Markdown that renders to nothing' },
  'risk-hidden-html': { severity: 'warning', title: 'HTML hidden from view' },
  // Code execution
  'risk-script-file': { severity: 'warning', title: 'Bundled script the agent could run' },
  'risk-executable-file': { severity: 'error', title: 'Bundled program (native executable)' },
  'risk-fetch-and-run': { severity: 'error', title: 'Downloads code and runs it' },
  'risk-decode-and-run': { severity: 'error', title: 'Decodes hidden code and runs it' },
  'risk-command-expansion': { severity: 'error', title: 'Command a host runs before the prompt' },
  'risk-install-hook': { severity: 'error', title: 'Install hook runs code when installed' },
  'risk-auto-run-file': { severity: 'error', title: 'File that tools run automatically' },
  'risk-exec-frontmatter': { severity: 'error', title: 'Frontmatter field some hosts execute' },
  'risk-reverse-shell': { severity: 'error', title: 'Opens a shell for someone elsewhere (reverse shell)' },
  'risk-exec-in-config': { severity: 'error', title: 'Code execution hidden in a configuration value' },
  'risk-obfuscated-payload': { severity: 'warning', title: 'Encoded or obfuscated payload' },
  'risk-code-not-parsed': { severity: 'warning', title: 'Code checked by text patterns only (not parsed as code)' },
  // Permissions
  'risk-allowed-tools': { severity: 'warning', title: 'Asks for tools without asking each time (allowed-tools)' },
  'risk-host-field': { severity: 'info', title: 'Frontmatter field some hosts honour' },
  // Exfiltration and reach
  'risk-external-url': { severity: 'info', title: 'Points to an outside website' },
  'risk-external-image': { severity: 'warning', title: 'Image loaded from outside (it can report back)' },
  'risk-credential-path': { severity: 'warning', title: 'Mentions where secrets are kept' },
  'risk-memory-write': { severity: 'warning', title: "Tells the agent to change its memory or settings files" },
  'risk-file-uri': { severity: 'warning', title: 'file: URI reaches the local file system' },
  'risk-other-uri': { severity: 'warning', title: 'Reaches into another skill or server' },
  'risk-path-escape': { severity: 'warning', title: 'Relative path leaves the skill folder' },
  'risk-secret-exfiltration': { severity: 'error', title: 'Gathers secrets or the environment and sends them out' },
  // Secrets
  'risk-private-key': { severity: 'error', title: 'Ships a private key' },
  'risk-access-token': { severity: 'error', title: 'Ships an access key or API token' },
  'risk-key-container': { severity: 'warning', title: 'Ships a key store file' },
  // Binaries that carry text
  'risk-image-text': { severity: 'warning', title: 'Image carries text in its metadata' },
  // Instruction hijacking (phrases, not proof)
  'risk-override-instructions': { severity: 'warning', title: "Tries to override the agent's instructions" },
  'risk-conceal-from-user': { severity: 'warning', title: 'Asks to keep something from the user' },
  'risk-impersonation': { severity: 'warning', title: 'Speaks as the system or claims approval' },
  'risk-skip-consent': { severity: 'warning', title: 'Tells the agent not to ask for permission' },
  'risk-disclose-secrets': { severity: 'error', title: 'Asks the agent to reveal secrets or its instructions' },
  'risk-credential-request': { severity: 'warning', title: 'Asks the user for a password, key or token' },
  'risk-unbounded-loop': { severity: 'warning', title: 'Tells the agent to repeat without end' },
  // Size and shape
  'risk-long-instructions': { severity: 'warning', title: 'SKILL.md is very long (over 500 lines or ~5,000 tokens)' },
  'risk-binary-file': { severity: 'info', title: 'Binary file (not text, not an image)' },
  'risk-large-file': { severity: 'info', title: 'Large file' },
  'risk-many-files': { severity: 'warning', title: 'Very many files' },
  'risk-symlink': { severity: 'warning', title: 'Symbolic link (not followed)' },
  'risk-unreadable-file': { severity: 'warning', title: 'File could not be read for review' },
  // An error: a check that a skill's content can make fail has not looked at that content.
  'risk-check-incomplete': { severity: 'error', title: 'A content check could not finish on this skill' },
  // Names across origins
  'risk-name-collision': { severity: 'warning', title: 'Another skill has the same name' },
  'risk-name-lookalike': { severity: 'warning', title: 'Another skill has a lookalike name' },
} as const satisfies Record<string, { readonly severity: Severity; readonly title: string }>;

export type RiskFindingId = keyof typeof RISK_FINDINGS;

/**
 * The kinds that name an attack — what a skill would make an agent do against
 * its user — as opposed to a capability or a shape worth a look (a script, an
 * outside link, a long file). A benign skill must never get one of these; the
 * risk corpus test holds every rule to that.
 */
export const ATTACK_FINDINGS: ReadonlySet<RiskFindingId> = new Set<RiskFindingId>([
  'risk-tag-characters',
  'risk-fetch-and-run',
  'risk-decode-and-run',
  'risk-command-expansion',
  'risk-install-hook',
  'risk-reverse-shell',
  'risk-exec-in-config',
  'risk-obfuscated-payload',
  'risk-secret-exfiltration',
  'risk-memory-write',
  'risk-override-instructions',
  'risk-conceal-from-user',
  'risk-impersonation',
  'risk-skip-consent',
  'risk-disclose-secrets',
  'risk-credential-request',
  'risk-unbounded-loop',
]);
