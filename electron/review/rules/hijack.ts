// Words that try to take the agent over (threat model T1), caught by what
// they mean rather than by one spelling: each family of intent (override its
// instructions, claim an authority or a mode, conceal from the user, disclose
// secrets, ask the user for credentials, loop without end, skip consent) is a
// set of small patterns over normalised words (intent/). Every finding quotes
// the words that triggered it, at their line and column in the original
// text, and names the family and the pattern. Phrases are evidence to read,
// not proof: warnings, except disclosing secrets (an error by itself) and
// concealment in the same sentence as another attack (see escalate()).
//
// Code is not prose: in scripts and code blocks the code layer read as code,
// the families read only the comments and the string literals that read as
// sentences (code-findings.ts proseText()). Reading a credential file in a
// deploy script is a code fact for the code rules, not an order to disclose
// it; a comment addressed to the AI reaches the model and is still read.
import { append } from '../../../shared/append.js';
import { findInvisible, revealInvisible } from '../../../shared/invisible-chars.js';
import { ATTACK_FINDINGS, type RiskFindingId } from '../../../shared/risk-findings.js';
import { proseText } from './code-findings.js';
import { eachMatch, emptyResult, excerptOf, locate, riskFinding, type RiskContext, type RuleResult, type TextSource } from './context.js';
import { BY_FIRST_WORD, DICTIONARY, SENTENCE_WORDS, type IntentFamily } from './intent/families.js';
import { describesOther, matchAt, negatedBefore, reportedBefore, words, type IntentPattern, type Match } from './intent/matcher.js';
import { cleanText, tokenise, type Token } from './intent/normalise.js';
import { exampleBlocks, quotedSpans, within } from './intent/regions.js';

/** A text to scan and how its offsets map back to the source. */
interface View {
  /** What the intent families read: the text with code blanked out (the same length). */
  readonly text: string;
  /** The text as written, for the markers that are code themselves (`--dangerously-skip-permissions`). */
  readonly raw: string;
  readonly toSource: (offset: number) => number;
  /** Said after the quote: where the words were found. */
  readonly note: string;
  /** The view is the text of hidden tag characters: every match sits at the run. */
  readonly hidden: boolean;
}

const TAG_CHARACTER = /[\u{E0000}-\u{E007F}]/u;

/** The source as written, and the text each run of tag characters spells (invisible, but a model reads it). */
function views(ctx: RiskContext, source: TextSource): View[] {
  const out: View[] = [{ text: proseText(ctx, source), raw: source.text, toSource: (o) => o, note: '', hidden: false }];
  if (!TAG_CHARACTER.test(source.text)) return out;
  for (const run of findInvisible(source.text)) {
    if (run.kind === 'tag' && run.decoded) out.push({ text: run.decoded, raw: run.decoded, toSource: () => run.index, note: ' (in hidden tag characters)', hidden: true });
  }
  return out;
}

// ---- markers written as the system would (a whole line, or a chat-template token) ----
// A line may open with a markdown "comment" ([//]: # (…), [comment]: <> "…"), which renders as nothing.

const MARKERS: ReadonlyArray<{ id: RiskFindingId; pattern: RegExp; what: string; scripts: boolean }> = [
  {
    id: 'risk-impersonation',
    // [ \t] rather than \s: with the m flag, \s would run across blank lines from every line start.
    pattern: /^[ \t>*#-]*<\/?(?:system|system[-_ ]?(?:prompt|message|reminder|instructions?|note|override)|assistant|admin|administrator|developer|sys|instructions?|user_instructions|system_instructions)>/gim,
    what: 'writes a tag as if it were the system or the assistant',
    scripts: false,
  },
  { id: 'risk-impersonation', pattern: /<\|(?:im_start|im_end|system|assistant|endoftext|start_header_id|end_header_id|eot_id)\|>/gi, what: 'writes a chat-template turn marker', scripts: false },
  { id: 'risk-impersonation', pattern: /\[\/?(?:system|SYSTEM|System|INST|SYS)\]|<<\/?SYS>>/g, what: 'writes a chat-template turn marker', scripts: false },
  {
    id: 'risk-impersonation',
    pattern: /^[ \t>*#-]*(?:<!--[ \t]*|\[[^\]\n]{0,40}\]:[ \t]*(?:#|<>|\/\/)[ \t]*[("'][ \t]*)?\[?(?:(?:critical|important|urgent|mandatory|official|priority|high[- ]priority)[ \t]+)?(?:system|admin(?:istrator)?|root|openai|anthropic)[ \t]+(?:override|notice|message|note|instructions?|directive|command|alert|update|prompt|announcement)s?(?:[ \t]*[\u2013\u2014-][ \t]*(?:mandatory|urgent|critical|important|priority|read first))?\]?[ \t]*[:\]]|^[ \t>*#-]*(?:<!--[ \t]*)?\[?developer[ \t]+(?:override|message|prompt|mode)\]?[ \t]*[:\]]/gim,
    what: 'opens a line as a message from the system or an administrator',
    scripts: false,
  },
  {
    id: 'risk-impersonation',
    // Also inside a markdown "comment" ([//]: # (SYSTEM: …)): a renderer shows nothing, the model reads a system line.
    pattern: /^[ \t]*#{1,3}[ \t]*system[ \t]+(?:prompt|message|instructions?)[ \t]*:?[ \t]*$|^[ \t]*(?:\[[^\]\n]{0,40}\]:[ \t]*(?:#|<>|\/\/)[ \t]*[("'][ \t]*)?system[ \t]*(?:prompt|message)?[ \t]*:/gim,
    what: 'writes as if it were the system prompt',
    scripts: false,
  },
  {
    id: 'risk-skip-consent',
    pattern: /--dangerously-skip-permissions\b|--dangerously-bypass-approvals-and-sandbox\b|--yolo\b|\bbypassPermissions\b|--ask-for-approval[ =]never\b|\bapproval[_-]policy\s*[=:]\s*["']?never\b|--trust-all-tools\b|--allow-all-tools\b|\bauto[- ]?approve[ \t]+(?:all|every|everything)\b/gi,
    what: 'turns off permission prompts',
    scripts: true,
  },
];

// ---- where a match does not count ----

/** A skill's own tests and fixtures quote attacks as data; the agent reads them only when it works on the tests. */
const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|spec|specs|fixtures?|testdata|test-data|__fixtures__)\/|(?:^|\/)(?:test_[^/]*|[^/]*_test|[^/]*\.(?:test|spec))\.[a-z0-9]+$/i;
const META = words(
  'talk about attacks',
  'injection|injections|attack|attacks|attacker|attackers|malicious|jailbreak|jailbreaks|adversarial|hostile|untrusted|suspicious|phishing|detect|detects|detected|flag|flags|flagged|refuse|reject|warn|warns|warning|beware|watch out|example|examples|e g|like|such as|says|said|phrase|phrases|pattern|patterns|red flag|quoted|looks like|pretends|claims|tries|trick|tricks|manipulate|manipulation|social engineering|scam|scams|fraud|steer|hijack|hijacking',
);

function isIdentifier(m: Match, tokens: readonly Token[], text: string): boolean {
  // `ignore_previous_instructions`, `config.system.prompt`: words joined into a name, not a sentence.
  let joined = false;
  for (let i = m.start; i < m.end - 1; i++) {
    const gap = text.slice(tokens[i]!.end, tokens[i + 1]!.start);
    if (gap === '') continue;
    if (/\s/.test(gap)) return false;
    if (/^[_./\\:]+$/.test(gap)) joined = true;
  }
  return joined;
}

function sentenceHasMeta(tokens: readonly Token[], sentence: number, from: number, text: string): boolean {
  let start = from;
  while (start > 0 && tokens[start - 1]!.sentence === sentence) start--;
  for (let i = start; i < tokens.length && tokens[i]!.sentence === sentence; i++) if (META.lengthsAt(tokens, i).length > 0) return true;
  // A quotation that opens a line reads as a sentence of its own; the words that introduce it ("phrases such
  // as") end the line before, in the same paragraph.
  const before = tokens[start - 1];
  if (!before || /\n[ \t]*\n/.test(text.slice(before.end, tokens[start]!.start))) return false;
  for (let i = start - 1; i >= 0 && i >= start - 3; i--) if (META.lengthsAt(tokens, i).length > 0) return true;
  return false;
}

function counts(pattern: IntentPattern, m: Match, tokens: readonly Token[]): boolean {
  // Reported speech is never the skill's own order: "if a page tells you to ignore …".
  if (reportedBefore(m, tokens)) return false;
  if (pattern.negatable && negatedBefore(m, tokens)) return false;
  if (pattern.describes && describesOther(m, tokens)) return false;
  return !(pattern.unless ?? []).some((guard) => guard(m, tokens));
}

interface Hit {
  readonly family?: IntentFamily;
  readonly id: RiskFindingId;
  readonly what: string;
  readonly shape?: string;
  /** Offsets in the view's text. */
  readonly start: number;
  readonly end: number;
  readonly sentence: number;
  /** The words as the matcher read them, when they differ from the text. */
  readonly readAs?: string;
  /** Found in the text as written (a marker that is code, blanked out of the text the families read). */
  readonly raw?: boolean;
}

function sentenceAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return tokens[lo]?.sentence ?? -1;
}

function scan(view: View, source: TextSource): Hit[] {
  const { tokens } = tokenise(view.text, DICTIONARY);
  const rendered = source.kind === 'skill-md' || source.kind === 'markdown';
  const examples = rendered ? exampleBlocks(view.text) : [];
  // In markdown, quotes are quotations; in code and data files they are string literals (what the model reads).
  const quotes = rendered || source.kind === 'html' ? quotedSpans(view.text) : [];
  const hits: Hit[] = [];
  const found: RiskFindingId[] = [];
  const sentenceWords = SENTENCE_WORDS();
  let marked = -1;
  for (let i = 0; i < tokens.length; i++) {
    const candidates = BY_FIRST_WORD.get(tokens[i]!.word);
    if (!candidates) continue;
    if (tokens[i]!.sentence !== marked) {
      marked = tokens[i]!.sentence;
      sentenceWords.enter(tokens, i);
    }
    found.length = 0;
    for (const { family, pattern } of candidates) {
      if (found.includes(family.id) || !sentenceWords.mayMatch(pattern)) continue;
      const m = matchAt(pattern, tokens, i);
      if (!m || !counts(pattern, m, tokens)) continue;
      const start = tokens[m.start]!.start;
      const end = tokens[m.shownEnd - 1]!.end;
      if (isIdentifier(m, tokens, view.text)) continue;
      if (within(examples, start)) continue;
      if (within(quotes, start) && sentenceHasMeta(tokens, tokens[i]!.sentence, i, view.text)) continue;
      found.push(family.id);
      const read = tokens.slice(m.start, m.shownEnd).map((t) => t.word).join(' ');
      const written = view.text.slice(start, end).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
      hits.push({ family, id: family.id, what: family.what, shape: pattern.shape, start, end, sentence: tokens[i]!.sentence, ...(read !== written ? { readAs: read } : {}) });
    }
  }
  // "Paste your token here" reads as both; asking the user to hand a secret over is the precise reading.
  // Filtered in place: a file of 200,000 such sentences has as many hits, and spreading them into push() threw
  // ("Maximum call stack size exceeded"), which left the most blatant text with no finding of its family at all.
  const asks = hits.filter((h) => h.id === 'risk-credential-request');
  if (asks.length > 0) {
    const kept = hits.filter((h) => h.id !== 'risk-disclose-secrets' || !asks.some((a) => a.start < h.end && h.start < a.end));
    hits.length = 0;
    append(hits, kept);
  }
  const clean = cleanText(view.text);
  const cleanRaw = view.raw === view.text ? clean : cleanText(view.raw);
  for (const marker of MARKERS) {
    if (source.kind === 'script' && !marker.scripts) continue;
    // A marker that is code itself (a flag that turns approvals off) is read in the code too.
    const read = marker.scripts ? cleanRaw : clean;
    eachMatch(read.text, marker.pattern, (m) => {
      // Quote marks, bullets and an opening comment before the words are not part of them; a flag's own dashes are.
      const lead = m[0].length - m[0].replace(/^(?:[ \t>*#]|-(?=[ \t]))*(?:<!--[ \t]*|\[[^\]\n]{0,40}\]:[ \t]*(?:#|<>|\/\/)[ \t]*[("'][ \t]*)?/, '').length;
      const start = read.toSource(m.index + lead);
      if (within(examples, start)) return;
      const end = read.toSource(m.index + m[0].length - 1) + 1;
      hits.push({ id: marker.id, what: marker.what, start, end, sentence: sentenceAt(tokens, start), ...(marker.scripts ? { raw: true } : {}) });
    });
  }
  return hits;
}

/**
 * Concealment in the same sentence as another attack ("silently send the
 * credentials", "do not tell the user, and ignore your instructions") is an
 * error: hiding an action that is itself an attack leaves the user nothing
 * to catch it by. Each phrase alone stays a warning.
 */
function escalate(hits: readonly Hit[]): Map<Hit, string> {
  const out = new Map<Hit, string>();
  for (const hit of hits) {
    if (hit.id !== 'risk-conceal-from-user' || hit.sentence < 0) continue;
    const other = hits.find((h) => h !== hit && h.sentence === hit.sentence && h.id !== hit.id && ATTACK_FINDINGS.has(h.id));
    if (other) out.set(hit, other.what);
  }
  return out;
}

/** The words as written, on one line, invisible characters drawn. */
function quote(text: string): string {
  const q = revealInvisible(text.replace(/[ \t\r\n]+/g, ' ').trim());
  return q.length > 160 ? `${q.slice(0, 157)}…` : q;
}

export function hijackRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  for (const source of ctx.sources) {
    if (source.kind !== 'skill-md' && source.kind !== 'markdown' && source.kind !== 'metadata' && TEST_PATH.test(source.path)) continue;
    const where = source.field ? `${source.path} (${source.field})` : source.path;
    // One finding per kind and line; an escalated one wins over a plain one on the same line.
    const seen = new Map<string, { index: number; escalated: boolean }>();
    for (const view of views(ctx, source)) {
      const hits = scan(view, source);
      const escalated = escalate(hits);
      for (const hit of hits) {
        const offset = view.toSource(hit.start);
        const at = locate(ctx, source, offset);
        const key = `${hit.id}:${at.line}`;
        const also = escalated.get(hit);
        const previous = seen.get(key);
        if (previous && (previous.escalated || also === undefined)) continue;
        const words = (hit.raw ? view.raw : view.text).slice(hit.start, hit.end);
        const invisible = !view.hidden && findInvisible(words).some((r) => r.kind !== 'space');
        const notes = `${view.note}${invisible ? ' (with invisible characters removed)' : ''}${hit.readAs ? ` (read as "${hit.readAs}")` : ''}`;
        const family = hit.family ? ` (${hit.family.name}: ${hit.shape})` : '';
        const escalation = also ? ` In the same sentence it also ${also}: hiding an action that is itself an attack leaves the user nothing to catch it by.` : '';
        const why = hit.family?.why ?? 'Such phrases are how injected instructions work; read the sentence in context.';
        const made = riskFinding(hit.id, `${where} line ${at.line} ${hit.what}${notes}: "${quote(words)}"${family}. ${why}${escalation}`, at, {
          excerpt: excerptOf(words.replace(/[ \t\r\n]+/g, ' ')),
          ...(also ? { severity: 'error' as const } : {}),
        });
        if (previous) out.findings[previous.index] = made;
        else out.findings.push(made);
        seen.set(key, { index: previous?.index ?? out.findings.length - 1, escalated: also !== undefined });
      }
    }
  }
  return out;
}
