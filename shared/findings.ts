// The catalogue of everything the app can find wrong. IDs starting `sep-2640-`
// are the official conformance suite's, so a finding can be looked up in the
// suite and the spec; `agentskills-` are the Agent Skills format rules;
// `legacy-` name an older discovery form; `inspector-` are the app's own
// (reading limits, transport problems); `risk-` are content-risk rules.
import type { Finding, FindingLocation, Severity } from './model.js';
import { RISK_FINDINGS } from './risk-findings.js';

interface FindingKind {
  readonly severity: Severity;
  readonly title: string;
}

export const FINDINGS = {
  // Capability
  'sep-2640-capability-declaration-inline': { severity: 'error', title: 'Skills capability settings must sit inline' },
  'sep-2640-capability-commits-to-methods': { severity: 'error', title: 'Declared skills extension but a skills method is missing' },
  'sep-2640-capability-empty-object': { severity: 'error', title: 'Skills capability value must be an object' },
  'sep-2640-capability-requires-resources': { severity: 'error', title: 'Skills extension declared without the resources capability' },
  'sep-2640-capability-directory-read-flag': { severity: 'error', title: 'directoryRead must be a boolean that matches the server' },
  // skills/list
  'sep-2640-skills-list-implemented': { severity: 'error', title: 'skills/list is not implemented' },
  'sep-2640-skills-list-pagination': { severity: 'error', title: 'skills/list pagination does not terminate' },
  'sep-2640-skills-list-entry-atomic': { severity: 'error', title: 'A skill appears on more than one page' },
  'sep-2640-skills-list-cache-attributes': { severity: 'error', title: 'skills/list result lacks ttlMs/cacheScope' },
  // Entries
  'sep-2640-entry-uri-required': { severity: 'error', title: 'Entry has no valid uri' },
  'sep-2640-entry-frontmatter-required': { severity: 'error', title: 'Entry has no valid frontmatter' },
  'sep-2640-entry-frontmatter-identical': { severity: 'error', title: 'Entry frontmatter differs from the served SKILL.md' },
  'sep-2640-entry-uri-matches-frontmatter-name': { severity: 'error', title: 'Final URI segment differs from the frontmatter name' },
  'sep-2640-metadata-reserved-prefix': { severity: 'warning', title: 'Reserved io.modelcontextprotocol/ metadata key used' },
  'sep-2640-names-should-be-unique': { severity: 'warning', title: 'Two skills in one listing share a name' },
  'sep-2640-entry-resources-required': { severity: 'error', title: 'Entry has no valid resources' },
  'sep-2640-resources-complete': { severity: 'error', title: 'resources is not complete' },
  'sep-2640-resources-uri-within-skill': { severity: 'error', title: 'A resource lies outside the skill directory' },
  'sep-2640-resources-digest-format': { severity: 'error', title: 'Digest is not sha256:<64 lowercase hex>' },
  'sep-2640-resources-size-required': { severity: 'error', title: 'Resource size is missing or not a non-negative integer' },
  'sep-2640-resources-dynamic-marker': { severity: 'info', title: 'Dynamic skill: content cannot be verified' },
  'sep-2640-limit-resources-per-skill': { severity: 'warning', title: 'More than 512 files in one skill' },
  'sep-2640-limit-total-size': { severity: 'warning', title: 'Skill larger than 16 MiB' },
  // Skill format and mapping
  'sep-2640-skillmd-required': { severity: 'error', title: 'Skill URI does not point at a SKILL.md' },
  'sep-2640-skillmd-frontmatter': { severity: 'error', title: 'SKILL.md has no valid frontmatter' },
  // Raised above SPEC.md's SHOULD: a host that reads a file:, http: or data: URI reads where no skill lives.
  'sep-2640-skill-uri-scheme': { severity: 'error', title: 'Skill URI does not use the skill:// scheme' },
  'sep-2640-final-segment-equals-name': { severity: 'error', title: 'Final skill-path segment differs from the name' },
  'sep-2640-name-naming-rules': { severity: 'error', title: 'Skill name breaks the naming rules' },
  'sep-2640-authority-reg-name': { severity: 'warning', title: 'URI authority is not a valid reg-name' },
  'sep-2640-skillmd-mimetype': { severity: 'warning', title: 'SKILL.md is not served as text/markdown' },
  'sep-2640-meta-prefix': { severity: 'warning', title: '_meta key without a namespace prefix' },
  // skills/get
  'sep-2640-skills-get-implemented': { severity: 'error', title: 'skills/get is not implemented' },
  'sep-2640-skills-get-entry-shape': { severity: 'error', title: 'skills/get returned a malformed or different entry' },
  'sep-2640-skills-get-unknown-uri-invalid-params': { severity: 'error', title: 'Unknown skill URI not answered with -32602' },
  'sep-2640-skills-get-no-cursor': { severity: 'error', title: 'skills/get result carries a nextCursor' },
  'sep-2640-skills-get-cache-attributes': { severity: 'error', title: 'skills/get result lacks ttlMs/cacheScope' },
  // Directory
  'sep-2640-directory-read-method-registered': { severity: 'error', title: 'resources/directory/read is not served' },
  'sep-2640-directory-read-subdir-mimetype': { severity: 'error', title: 'Directory child lacks mimeType inode/directory' },
  'sep-2640-directory-read-result-resources-shape': { severity: 'error', title: 'Directory listing has the wrong shape' },
  'sep-2640-directory-read-invalid-params': { severity: 'error', title: 'Directory read of a file not answered with -32602' },
  'sep-2640-directory-read-pagination': { severity: 'error', title: 'Directory listing pagination does not terminate' },
  'sep-2640-directory-read-not-manifest-extension': { severity: 'warning', title: 'Directory lists a file not in resources' },
  // Host verification
  'sep-2640-host-verify-digest': { severity: 'error', title: 'Digest mismatch' },
  'sep-2640-host-size-mismatch-failure': { severity: 'error', title: 'Size mismatch' },
  'sep-2640-host-frontmatter-comparison': { severity: 'error', title: 'Served frontmatter differs from the listing' },
  'sep-2640-host-unlisted-read-failure': { severity: 'error', title: 'File is not part of the skill' },
  'sep-2640-resources-invalid-entry': { severity: 'error', title: 'Entry is invalid: hosts must not load it' },
  // Agent Skills format
  'agentskills-frontmatter-missing': { severity: 'error', title: 'SKILL.md does not start with YAML frontmatter' },
  'agentskills-frontmatter-unclosed': { severity: 'error', title: 'Frontmatter is not closed with ---' },
  'agentskills-frontmatter-invalid-yaml': { severity: 'error', title: 'Frontmatter is not valid YAML' },
  'agentskills-frontmatter-not-mapping': { severity: 'error', title: 'Frontmatter is not a YAML mapping' },
  'agentskills-name-missing': { severity: 'error', title: 'name is missing or empty' },
  'agentskills-name-length': { severity: 'error', title: 'name is longer than 64 characters' },
  'agentskills-name-charset': { severity: 'error', title: 'name has characters other than a-z, 0-9 and -' },
  'agentskills-name-hyphens': { severity: 'error', title: 'name starts or ends with a hyphen or has --' },
  'agentskills-name-non-ascii': { severity: 'warning', title: 'name is non-ASCII (accepted by skills-ref only)' },
  'agentskills-description-missing': { severity: 'error', title: 'description is missing or empty' },
  'agentskills-description-length': { severity: 'error', title: 'description is longer than 1024 characters' },
  'agentskills-compatibility-length': { severity: 'error', title: 'compatibility is empty or longer than 500 characters' },
  'agentskills-metadata-string-map': { severity: 'error', title: 'metadata is not a map of strings to strings' },
  'agentskills-allowed-tools-string': { severity: 'warning', title: 'allowed-tools is not a space-separated string' },
  'agentskills-license-string': { severity: 'warning', title: 'license is not a string' },
  'agentskills-unknown-field': { severity: 'warning', title: 'Frontmatter field not in the Agent Skills spec' },
  'agentskills-body-too-long': { severity: 'warning', title: 'SKILL.md body is over 500 lines or ~5,000 tokens' },
  'agentskills-byte-order-mark': { severity: 'warning', title: 'SKILL.md starts with a byte-order mark' },
  'agentskills-skill-md-case': { severity: 'warning', title: 'SKILL.md is not spelled in upper case' },
  'agentskills-case-collision': { severity: 'warning', title: 'Two files differ only by letter case' },
  // Legacy forms (SPEC §6)
  'legacy-capability-experimental': { severity: 'warning', title: 'Skills declared under capabilities.experimental' },
  'legacy-capability-envelope': { severity: 'warning', title: 'Skills capability in a config/specVersion envelope' },
  'legacy-index-json': { severity: 'warning', title: 'Skills discovered through skill://index.json' },
  'legacy-fastmcp-manifest': { severity: 'warning', title: 'Skills discovered through _manifest resources' },
  'legacy-resource-scan': { severity: 'warning', title: 'Skills discovered by scanning resources/list' },
  'legacy-resources-omitted': { severity: 'warning', title: 'Entry omits resources (SEP v1 dynamic signal)' },
  'legacy-no-size': { severity: 'warning', title: 'Entry has digests but no sizes (SEP v1 shape)' },
  // The inspector's own
  'inspector-no-skills-support': { severity: 'info', title: 'Server does not serve skills' },
  'inspector-list-limit': { severity: 'error', title: 'Listing stopped at a safety limit' },
  'inspector-invalid-result': { severity: 'error', title: 'Result has the wrong shape' },
  'inspector-result-type': { severity: 'error', title: 'resultType is not "complete"' },
  'inspector-ttl-invalid': { severity: 'warning', title: 'ttlMs is negative or absurd' },
  'inspector-get-mismatch': { severity: 'error', title: 'skills/get disagrees with skills/list' },
  'inspector-get-unknown-answered': { severity: 'error', title: 'skills/get answered for a URI that is no skill' },
  'inspector-wrong-error-code': { severity: 'warning', title: 'Unexpected JSON-RPC error code' },
  'inspector-read-failed': { severity: 'error', title: 'File could not be read' },
  'inspector-file-too-large': { severity: 'error', title: 'File is over the per-file limit' },
  'inspector-budget-exceeded': { severity: 'error', title: 'Server byte budget used up' },
  'inspector-invalid-base64': { severity: 'error', title: 'Blob is not valid base64' },
  'inspector-not-utf8': { severity: 'warning', title: 'Text file is not valid UTF-8' },
  // An error: a host that takes the content it was given would use bytes under a URI nobody checked.
  'inspector-read-wrong-uri': { severity: 'error', title: 'resources/read answered with another URI' },
  'inspector-other-scheme': { severity: 'error', title: 'Resource uses another scheme than its skill' },
  'inspector-file-uri': { severity: 'error', title: 'Resource points at the local file system (file:)' },
  'inspector-path-traversal': { severity: 'error', title: 'URI escapes the skill root (.. or encoded ..)' },
  // An error: on Windows the name x\y.md is the file y.md in the folder x, another file than the one listed and checked.
  'inspector-backslash-file-name': { severity: 'error', title: 'A file name holds a backslash (a folder separator on Windows)' },
  // Errors: a Windows host writes the file where no one checked it (out of its folder, or as a SKILL.md); the gateway withholds or cuts the same names.
  'inspector-windows-climb': { severity: 'error', title: 'A folder name in a file\'s or the skill\'s path is ".." on Windows: a host writes it elsewhere' },
  'inspector-windows-skill-md': { severity: 'error', title: 'A Windows host writes this file as a SKILL.md' },
  'inspector-windows-same-file': { severity: 'error', title: 'Two files of the skill are one file on Windows: a host writes one over the other' },
  'inspector-windows-name': { severity: 'warning', title: 'A file name Windows rewrites or refuses (trailing dot or space, stream, device name, reserved character)' },
  'inspector-directory-outside': { severity: 'error', title: 'Directory listing points outside the skill' },
  'inspector-duplicate-resource': { severity: 'error', title: 'The same file is listed twice' },
  // An error: the app, and a host keeping files by path, would take it for the file without the query or "/".
  'inspector-resource-not-a-file-path': { severity: 'error', title: 'A listed file URI has a query or a trailing "/", so it names no file' },
  'inspector-instructions-pointer': { severity: 'info', title: 'Skill URI mentioned in the server instructions' },
  'inspector-nested-skill': { severity: 'info', title: 'Skill nested inside another skill' },
  // Hostile edges (issue 13). Reading integrity:
  'inspector-read-ambiguous': { severity: 'error', title: 'resources/read answered with more than one content, or text and blob both' },
  'inspector-content-changed': { severity: 'error', title: 'Content changed between reads' },
  'inspector-skill-budget-exceeded': { severity: 'error', title: 'Skill byte budget used up' },
  'inspector-job-budget-exceeded': { severity: 'error', title: 'Job byte budget used up' },
  'inspector-nested-skill-unlisted': { severity: 'warning', title: 'A SKILL.md below the skill root is a nested skill no entry lists' },
  // Entries and URIs:
  'inspector-uri-control-character': { severity: 'error', title: 'URI contains a control character' },
  'inspector-too-deep': { severity: 'error', title: 'Data nested deeper than the inspector follows' },
  'inspector-frontmatter-too-large': { severity: 'error', title: 'Frontmatter longer than the inspector reads (64 KiB): not checked — not verified' },
  // A warning; an error when the merge brings allowed-tools, or gives a field another value than the plain field of its name.
  'inspector-frontmatter-merge-key': { severity: 'warning', title: 'Frontmatter uses a YAML merge key (<<): hosts that read YAML 1.1 see fields YAML 1.2 hosts do not' },
  // Local skill folders:
  'inspector-local-skill-incomplete': { severity: 'error', title: 'Local skill has more files than the scan reads: incomplete — not verified' },
  // Served vs source (check --source): what the server serves against the skills the SDK builds from a folder.
  'inspector-source-missing': { severity: 'error', title: 'Served, but not in the source folder' },
  'inspector-source-extra': { severity: 'error', title: 'In the source folder, but not served' },
  'inspector-source-bytes': { severity: 'error', title: 'Served file differs from the source folder (digest or size)' },
  'inspector-source-frontmatter': { severity: 'error', title: 'Served frontmatter differs from the source folder' },
  'inspector-source-skipped': { severity: 'warning', title: 'The source folder has a skill the SDK would not serve' },
  'inspector-source-unread': { severity: 'warning', title: 'A skill of the source folder was not compared: a file past a read limit' },
  ...RISK_FINDINGS,
} as const satisfies Record<string, FindingKind>;

export type FindingId = keyof typeof FINDINGS;

export function isFindingId(value: string): value is FindingId {
  return Object.hasOwn(FINDINGS, value);
}

const SEVERITY_RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

export function severityRank(severity: Severity): number {
  return SEVERITY_RANK[severity];
}

export function worstSeverity(findings: Iterable<{ readonly severity: Severity }>): Severity | undefined {
  let worst: Severity | undefined;
  for (const f of findings) if (!worst || SEVERITY_RANK[f.severity] > SEVERITY_RANK[worst]) worst = f.severity;
  return worst;
}

/** Builds a finding of a catalogued kind; the message says exactly what was expected and found. */
export function finding(
  id: FindingId,
  message: string,
  location: FindingLocation,
  extra: { expected?: string; actual?: string; excerpt?: string; severity?: Severity } = {},
): Finding {
  const kind: FindingKind = FINDINGS[id];
  return {
    id,
    severity: extra.severity ?? kind.severity,
    title: kind.title,
    message,
    location,
    ...(extra.expected !== undefined ? { expected: extra.expected } : {}),
    ...(extra.actual !== undefined ? { actual: extra.actual } : {}),
    ...(extra.excerpt !== undefined ? { excerpt: extra.excerpt } : {}),
  };
}
