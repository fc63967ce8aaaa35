// The plain-language summary of a skill, for someone who does not read code:
// what it is for, what it contains, what it asks for, and what looks risky and
// why. Every point links to its evidence (finding and file/line). It never
// calls a skill safe: it says what was and was not found.
//
// What the skill says it is for, and everything it asks for, comes from
// SKILL.md as it was served (or as it is on disk), never from the listing: a
// listing that describes the skill harmlessly while the file says otherwise is
// said first, with both texts.
import type { Finding } from '../../shared/model.js';
import { compareFrontmatter } from '../skills/frontmatter.js';
import { yaml11Frontmatter } from '../../shared/merge-keys.js';
import type { ReviewedFile, SkillSummary, SummaryEvidence, SummaryPoint, SummaryTone } from '../../shared/review-model.js';
import type { RiskFindingId } from '../../shared/risk-findings.js';
import { describeTool, splitTools } from './rules/permissions.js';

/** What each kind of finding means, in a sentence a non-developer understands. */
const PLAIN: Readonly<Record<RiskFindingId, { text: (n: number) => string; tone: SummaryTone }>> = {
  'risk-tag-characters': { text: (n) => `It contains hidden text written in invisible characters (${places(n)}). You cannot see it, but the AI reads it.`, tone: 'danger' },
  'risk-bidi-controls': { text: (n) => `It uses characters that change the order text is displayed in (${places(n)}), so what you read may not be what the AI reads.`, tone: 'caution' },
  'risk-zero-width': { text: (n) => `It contains invisible characters (${places(n)}).`, tone: 'caution' },
  'risk-format-characters': { text: (n) => `It contains invisible formatting characters (${places(n)}).`, tone: 'caution' },
  'risk-variation-selectors': { text: (n) => `It contains invisible characters that can carry hidden data (${places(n)}).`, tone: 'caution' },
  'risk-control-characters': { text: (n) => `It contains control characters that do not belong in text (${places(n)}).`, tone: 'caution' },
  'risk-unusual-spaces': { text: (n) => `It uses unusual space characters (${places(n)}).`, tone: 'info' },
  'risk-html-comment': { text: (n) => `It has comments that do not show when the skill is displayed but that the AI reads (${places(n)}).`, tone: 'caution' },
  'risk-hidden-markdown': { text: (n) => `It has text that displays as nothing but that the AI reads (${places(n)}).`, tone: 'caution' },
  'risk-hidden-html': { text: (n) => `It has text hidden from view with formatting tricks (${places(n)}).`, tone: 'caution' },
  'risk-script-file': { text: (n) => `It includes ${n === 1 ? 'a script' : `${n} scripts`} the AI could run on this computer.`, tone: 'caution' },
  'risk-executable-file': { text: (n) => `It includes ${n === 1 ? 'a program' : `${n} programs`} that cannot be checked by reading.`, tone: 'danger' },
  'risk-fetch-and-run': { text: (n) => `It downloads code from the internet and runs it straight away (${places(n)}).`, tone: 'danger' },
  'risk-decode-and-run': { text: (n) => `It runs code that was scrambled so it cannot be read (${places(n)}).`, tone: 'danger' },
  'risk-command-expansion': { text: (n) => `Some apps would run commands from it automatically, before the AI even sees it (${places(n)}).`, tone: 'danger' },
  'risk-install-hook': { text: (n) => `It contains code that runs by itself when it is installed (${places(n)}).`, tone: 'danger' },
  'risk-auto-run-file': { text: (n) => `It contains files that other tools run by themselves (${places(n)}).`, tone: 'danger' },
  'risk-exec-frontmatter': { text: (n) => `Its settings include commands that some apps run automatically (${places(n)}).`, tone: 'danger' },
  'risk-reverse-shell': { text: (n) => `It would hand control of this computer to someone elsewhere (${places(n)}).`, tone: 'danger' },
  'risk-exec-in-config': { text: (n) => `It hides commands inside settings or data files, where they run when read (${places(n)}).`, tone: 'danger' },
  'risk-obfuscated-payload': { text: (n) => `It carries scrambled or encoded content that cannot be read as it is (${places(n)}).`, tone: 'caution' },
  'risk-code-not-parsed': { text: (n) => `Some of its code could only be checked for known text patterns, not read as code (${places(n)}).`, tone: 'caution' },
  'risk-allowed-tools': { text: () => 'It asks to use tools without asking you each time.', tone: 'caution' },
  'risk-host-field': { text: (n) => `It has ${n === 1 ? 'a setting' : `${n} settings`} that change how some apps run it.`, tone: 'info' },
  'risk-external-url': { text: (n) => `It points to outside websites (${n === 1 ? 'one site' : `${n} sites`}).`, tone: 'info' },
  'risk-external-image': { text: (n) => `It loads ${n === 1 ? 'an image' : `${n} images`} from the internet; the site can tell when the skill is viewed.`, tone: 'caution' },
  'risk-credential-path': { text: (n) => `It mentions places where passwords and keys are kept (${places(n)}).`, tone: 'caution' },
  'risk-memory-write': { text: (n) => `It tells the AI to change its own memory or settings, which would last after this skill (${places(n)}).`, tone: 'danger' },
  'risk-file-uri': { text: (n) => `It points at files elsewhere on this computer (${places(n)}).`, tone: 'caution' },
  'risk-other-uri': { text: (n) => `It points at other skills or servers (${places(n)}).`, tone: 'caution' },
  'risk-path-escape': { text: (n) => `It refers to files outside its own folder (${places(n)}).`, tone: 'caution' },
  'risk-secret-exfiltration': { text: (n) => `It collects passwords, keys or settings from this computer and sends them somewhere (${places(n)}).`, tone: 'danger' },
  'risk-private-key': { text: (n) => `It contains ${n === 1 ? 'a private key' : `${n} private keys`}; keys should never be shared this way.`, tone: 'danger' },
  'risk-access-token': { text: (n) => `It contains what look like passwords or access keys for online services (${places(n)}).`, tone: 'danger' },
  'risk-key-container': { text: (n) => `It includes ${n === 1 ? 'a file' : `${n} files`} of a type used to store keys.`, tone: 'caution' },
  'risk-image-text': { text: (n) => `${n === 1 ? 'An image carries' : `${n} images carry`} hidden text that the AI could read.`, tone: 'caution' },
  'risk-override-instructions': { text: (n) => `It tries to make the AI ignore its other instructions (${places(n)}).`, tone: 'danger' },
  'risk-conceal-from-user': { text: (n) => `It asks the AI to keep things from you (${places(n)}).`, tone: 'danger' },
  'risk-impersonation': { text: (n) => `It pretends to speak for the system, claims a special mode such as "developer mode", or claims you already agreed (${places(n)}).`, tone: 'danger' },
  'risk-skip-consent': { text: (n) => `It tells the AI not to ask for your permission (${places(n)}).`, tone: 'danger' },
  'risk-disclose-secrets': { text: (n) => `It asks the AI to reveal secrets, passwords or its own instructions (${places(n)}).`, tone: 'danger' },
  'risk-credential-request': { text: (n) => `It asks you for a password, key or token (${places(n)}).`, tone: 'caution' },
  'risk-unbounded-loop': { text: (n) => `It tells the AI to keep repeating something without end (${places(n)}).`, tone: 'caution' },
  'risk-long-instructions': { text: () => 'Its instructions are very long, so something could be buried in them.', tone: 'caution' },
  'risk-binary-file': { text: (n) => `It includes ${n === 1 ? 'a file' : `${n} files`} that cannot be read as text.`, tone: 'info' },
  'risk-large-file': { text: (n) => `It includes ${n === 1 ? 'a very large file' : `${n} very large files`}.`, tone: 'info' },
  'risk-many-files': { text: () => 'It has a great many files, too many to read through.', tone: 'caution' },
  'risk-symlink': { text: (n) => `It has ${n === 1 ? 'a shortcut' : `${n} shortcuts`} (links) to files elsewhere; they were not followed.`, tone: 'caution' },
  'risk-check-incomplete': { text: (n) => `${n === 1 ? 'One check' : `${n} checks`} could not finish on its content, so something may have gone unseen.`, tone: 'danger' },
  'risk-unreadable-file': { text: (n) => `${n === 1 ? 'One file' : `${n} files`} could not be checked.`, tone: 'caution' },
  'risk-name-collision': { text: () => 'Another skill has exactly the same name.', tone: 'caution' },
  'risk-name-lookalike': { text: () => 'Another skill has a name that looks almost the same.', tone: 'caution' },
};

function places(n: number): string {
  return n === 1 ? '1 place' : `${n} places`;
}

function evidenceOf(f: Finding): SummaryEvidence {
  return {
    findingId: f.id,
    ...(f.location.fileUri !== undefined ? { fileUri: f.location.fileUri } : {}),
    ...(f.location.line !== undefined ? { line: f.location.line } : {}),
    ...(f.location.column !== undefined ? { column: f.location.column } : {}),
    ...(f.location.field !== undefined ? { field: f.location.field } : {}),
  };
}

function worse(a: SummaryTone, b: SummaryTone): SummaryTone {
  const rank: Record<SummaryTone, number> = { ok: 0, info: 1, caution: 2, danger: 3 };
  return rank[a] >= rank[b] ? a : b;
}

export interface SummaryInput {
  /** SKILL.md's frontmatter as the file has it (served, or on disk); empty when it could not be read or parsed. */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** Where that frontmatter was read: SKILL.md's URI, and the line of each field. */
  readonly source?: { readonly fileUri: string; readonly fieldLines?: Readonly<Record<string, number>> };
  /** A server's skill: the frontmatter its listing published, only to say where the file differs from it. */
  readonly listedFrontmatter?: Readonly<Record<string, unknown>>;
  /** SKILL.md could not be read or parsed, so what the skill says about itself is unknown. */
  readonly skillMdUnread?: boolean;
  /** Hosts built on the MCP SDK refuse SKILL.md's frontmatter (why, and where); the frontmatter is as a YAML library reads it. */
  readonly sdkRefusal?: { readonly message: string; readonly line?: number };
  readonly files: readonly ReviewedFile[];
  readonly findings: readonly Finding[];
  readonly complete: boolean;
}

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value.trim()}"` : value === undefined ? 'nothing' : JSON.stringify(value));

/** The point that comes first when SKILL.md as served says something other than its listing. */
function listingDiffers(input: SummaryInput, descriptionEvidence: SummaryEvidence): SummaryPoint | undefined {
  if (!input.listedFrontmatter || input.skillMdUnread) return undefined;
  const differences = compareFrontmatter(input.listedFrontmatter as Record<string, unknown>, input.frontmatter as Record<string, unknown>);
  if (differences.length === 0) return undefined;
  const fields = differences.map((d) => d.field);
  const description = fields.includes('description')
    ? ` The file says it is for ${quoted(input.frontmatter['description'])}; the listing says ${quoted(input.listedFrontmatter['description'])}.`
    : '';
  const others = fields.filter((f) => f !== 'description');
  const rest = others.length > 0 ? ` ${description ? 'It also differs in' : 'It differs in'} ${others.map((f) => `"${f}"`).join(', ')}.` : '';
  return {
    topic: 'purpose',
    tone: 'danger',
    text: `The SKILL.md the server served does not say what its listing says, so a host must not load it.${description}${rest} This summary describes the file as served.`,
    evidence: [fields.includes('description') ? descriptionEvidence : { ...(input.source ? { fileUri: input.source.fileUri } : {}), field: fields[0]! }],
  };
}

export function summarise(input: SummaryInput): SkillSummary {
  const points: SummaryPoint[] = [];
  const { findings } = input;
  const byId = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = byId.get(f.id);
    if (list) list.push(f);
    else byId.set(f.id, [f]);
  }

  // What it is for: from the file, never from the listing.
  const descriptionLine = input.source?.fieldLines?.['description'];
  const descriptionEvidence: SummaryEvidence = { fileUri: input.source?.fileUri ?? input.files[0]?.uri ?? '', field: 'description', ...(descriptionLine !== undefined ? { line: descriptionLine } : {}) };
  const differs = listingDiffers(input, descriptionEvidence);
  if (differs) points.push(differs);
  if (input.sdkRefusal) {
    const { message, line } = input.sdkRefusal;
    points.push({
      topic: 'purpose',
      tone: 'caution',
      text: `${message} Hosts that read it with a YAML library load it as this review reads it.`,
      evidence: [{ fileUri: input.source?.fileUri ?? input.files[0]?.uri ?? '', ...(line !== undefined ? { line } : {}) }],
    });
  }
  const description = typeof input.frontmatter['description'] === 'string' ? input.frontmatter['description'].trim() : '';
  const purpose = input.skillMdUnread
    ? 'Its SKILL.md could not be read or parsed, so what it says it is for is not known.'
    : description
      ? `It says it is for: ${description}`
      : 'It does not say what it is for.';
  points.push({ topic: 'purpose', tone: description && !input.skillMdUnread ? 'ok' : 'caution', text: purpose, evidence: [descriptionEvidence] });

  // What it contains
  const count = (kind: ReviewedFile['kind']) => input.files.filter((f) => f.kind === kind).length;
  const scripts = input.files.filter((f) => f.kind === 'script');
  const programs = input.files.filter((f) => f.kind === 'executable');
  const parts = [
    'the instructions (SKILL.md)',
    count('markdown') + count('text') > 0 ? `${count('markdown') + count('text')} other text file${count('markdown') + count('text') === 1 ? '' : 's'}` : '',
    scripts.length > 0 ? `${scripts.length} script${scripts.length === 1 ? '' : 's'}` : '',
    programs.length > 0 ? `${programs.length} program${programs.length === 1 ? '' : 's'}` : '',
    count('image') > 0 ? `${count('image')} image${count('image') === 1 ? '' : 's'}` : '',
    count('binary') > 0 ? `${count('binary')} other file${count('binary') === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  points.push({
    topic: 'contents',
    tone: 'info',
    text: `It has ${input.files.length} file${input.files.length === 1 ? '' : 's'}: ${parts.join(', ')}.`,
    evidence: input.files.slice(0, 20).map((f) => ({ fileUri: f.uri })),
  });
  if (scripts.length + programs.length === 0) {
    points.push({ topic: 'contents', tone: 'ok', text: 'It has no scripts or programs.', evidence: [] });
  } else {
    const list = [...scripts, ...programs].map((f) => `${f.path} (${f.runtime ?? f.kind})`);
    points.push({
      topic: 'contents',
      tone: programs.length > 0 ? 'danger' : 'caution',
      text: `It includes code the AI could run on this computer: ${list.slice(0, 8).join(', ')}${list.length > 8 ? `, and ${list.length - 8} more` : ''}.`,
      evidence: [...(byId.get('risk-script-file') ?? []), ...(byId.get('risk-executable-file') ?? [])].map(evidenceOf),
    });
  }
  if (!input.complete) {
    const unread = input.files.filter((f) => !f.read);
    points.push({ topic: 'contents', tone: 'caution', text: `${unread.length} file${unread.length === 1 ? ' was' : 's were'} not checked, so this summary is incomplete.`, evidence: unread.map((f) => ({ fileUri: f.uri })) });
  }

  // What it asks for
  // As a YAML 1.1 host reads the frontmatter: tools a `<<` key brings in are asked for there.
  const requestedTools = splitTools(yaml11Frontmatter(input.frontmatter)['allowed-tools']);
  const toolFinding = byId.get('risk-allowed-tools') ?? [];
  const ownToolFinding = toolFinding.filter((f) => f.location.fileUri === (input.source?.fileUri ?? input.files[0]?.uri));
  if (requestedTools.length > 0) {
    const meanings = [...new Set(requestedTools.map((t) => describeTool(t).meaning))];
    const runs = requestedTools.some((t) => describeTool(t).level === 'run');
    points.push({ topic: 'asks', tone: runs ? 'danger' : 'caution', text: `It asks to be allowed to do these without asking you each time: ${meanings.join('; ')}.`, evidence: ownToolFinding.map(evidenceOf) });
  }
  // A nested SKILL.md asks on its own behalf (a host that loads it grants it); approving this skill does not approve it.
  const skillMdUri = input.source?.fileUri ?? input.files[0]?.uri;
  const nestedAsks = toolFinding.filter((f) => f.location.fileUri !== undefined && f.location.fileUri !== skillMdUri);
  if (nestedAsks.length > 0) {
    const paths = [...new Set(nestedAsks.map((f) => input.files.find((file) => file.uri === f.location.fileUri)?.path ?? f.location.fileUri!))];
    points.push({ topic: 'asks', tone: 'caution', text: `${paths.length === 1 ? 'A skill nested in it' : `${paths.length} skills nested in it`} (${paths.join(', ')}) ${paths.length === 1 ? 'asks' : 'ask'} to use tools without asking you each time; approving this skill does not approve ${paths.length === 1 ? 'it' : 'them'}.`, evidence: nestedAsks.map(evidenceOf) });
  }
  const automatic = ['risk-command-expansion', 'risk-exec-frontmatter', 'risk-install-hook', 'risk-auto-run-file'].flatMap((id) => byId.get(id) ?? []);
  let automaticPoint: SummaryPoint | undefined;
  if (automatic.length > 0) {
    automaticPoint = { topic: 'asks', tone: 'danger', text: `It would run commands on this computer by itself, without the AI or you deciding to (${places(automatic.length)}).`, evidence: automatic.map(evidenceOf) };
    points.push(automaticPoint);
  }
  const domains = [...new Set([...(byId.get('risk-external-url') ?? []), ...(byId.get('risk-external-image') ?? [])].map((f) => hostOf(f)).filter(Boolean))].sort();
  if (domains.length > 0) {
    points.push({
      topic: 'asks',
      tone: 'info',
      text: `It mentions these websites: ${domains.slice(0, 12).join(', ')}${domains.length > 12 ? `, and ${domains.length - 12} more` : ''}.`,
      evidence: [...(byId.get('risk-external-url') ?? []), ...(byId.get('risk-external-image') ?? [])].map(evidenceOf),
    });
  }
  if (requestedTools.length === 0 && nestedAsks.length === 0 && automatic.length === 0 && domains.length === 0) {
    points.push({ topic: 'asks', tone: 'ok', text: 'It does not ask for extra permissions, run anything by itself, or mention outside websites.', evidence: [] });
  }

  // What looks risky, worst first
  const riskIds = [...byId.keys()].filter((id): id is RiskFindingId => Object.hasOwn(PLAIN, id) && id !== 'risk-allowed-tools' && id !== 'risk-script-file' && id !== 'risk-executable-file' && id !== 'risk-external-url');
  const riskPoints: SummaryPoint[] = [];
  for (const id of riskIds) {
    const list = byId.get(id)!;
    const plain = PLAIN[id];
    const severe = list.some((f) => f.severity === 'error');
    const allInfo = list.every((f) => f.severity === 'info');
    const tone: SummaryTone = allInfo ? 'info' : severe ? worse(plain.tone, 'caution') : plain.tone === 'danger' ? 'danger' : plain.tone;
    const n = id === 'risk-image-text' ? new Set(list.map((f) => f.location.fileUri)).size : list.length;
    riskPoints.push({ topic: 'risk', tone, text: plain.text(n), evidence: list.map(evidenceOf) });
  }
  const carriers = (byId.get('risk-external-url') ?? []).filter((f) => f.severity !== 'info');
  if (carriers.length > 0) {
    riskPoints.push({ topic: 'risk', tone: 'caution', text: `It links to outside addresses built from data, which can carry information out (${places(carriers.length)}).`, evidence: carriers.map(evidenceOf) });
  }
  const toneRank: Record<SummaryTone, number> = { danger: 0, caution: 1, info: 2, ok: 3 };
  riskPoints.sort((a, b) => toneRank[a.tone] - toneRank[b.tone]);
  points.push(...riskPoints);

  // The "runs by itself" point repeats risk points in other words: count each concern once.
  const counted = points.filter((p) => p !== automaticPoint);
  const danger = counted.filter((p) => p.tone === 'danger').length;
  const caution = counted.filter((p) => p.tone === 'caution').length;
  const tone: SummaryTone = danger > 0 ? 'danger' : caution > 0 ? 'caution' : 'ok';
  const verdict =
    tone === 'danger'
      ? `Be careful: ${danger} thing${danger === 1 ? '' : 's'} in this skill could do harm${caution > 0 ? `, and ${caution} more deserve${caution === 1 ? 's' : ''} a look` : ''}.`
      : tone === 'caution'
        ? `Worth a closer look: ${caution} thing${caution === 1 ? '' : 's'} deserve${caution === 1 ? 's' : ''} attention.`
        : input.complete
          ? 'Nothing risky was found in what was checked. That is not a promise the skill is safe.'
          : 'Nothing risky was found, but not every file could be checked.';
  const headline = differs ? `Its SKILL.md differs from its listing. ${verdict}` : verdict;

  return {
    headline,
    tone,
    purpose,
    points,
    fileCount: input.files.length,
    scriptCount: scripts.length + programs.length,
    domains,
    requestedTools,
  };
}

function hostOf(f: Finding): string {
  if (f.id === 'risk-external-url') return f.actual ?? '';
  try {
    return new URL(f.actual ?? '').hostname;
  } catch {
    return '';
  }
}
