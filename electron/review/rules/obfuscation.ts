// Encoded and obfuscated payloads (threat models T1, T2): long base64, hex,
// base85 and escape runs, character-code arrays, XOR, ROT13, reversed text and
// words split to slip past filters. Each finding quotes the start of the blob,
// says its size and encoding and what it decodes to, and why it matters: a
// runner next to it or prose telling the model to decode and obey makes it an
// error. The decoded text is shown to the reviewer and, through sources.ts,
// read by every other rule. Decoding is decode/; it never runs anything.
import type { Finding } from '../../../shared/model.js';
import { FOUND_PER_FILE } from '../decode/find.js';
import { decodedUnreadFrom, MAX_DECODED_PER_SOURCE, MAX_DEPTH, payloadsOf, type Payload, type UnreadBound } from '../decode/payloads.js';
import { DECODED_BUDGET } from './sources.js';
import { emptyResult, hiddenText, lineExcerpt, lineIndexOf, locate, riskFinding, type RiskContext, type RuleResult, type TextSource } from './context.js';

function short(s: string, n: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n)}…` : flat;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** Every layer of a payload, outermost first. */
function layers(payload: Payload): Payload[] {
  const out: Payload[] = [payload];
  let at = payload;
  while (at.inner && at.inner.payloads.length > 0) {
    at = at.inner.payloads[0]!;
    out.push(at);
  }
  return out;
}

function what(payload: Payload, where: string): string {
  const f = payload.found;
  const quote = JSON.stringify(short(f.raw, 48));
  if (f.method === 'split') {
    return `${where} line ${payload.line} spells "${f.word}" in pieces (${f.encoding}: ${quote}), a way to slip a word past filters. Joined, it reads: ${JSON.stringify(short(f.text ?? '', 200))}.`;
  }
  if (f.method === 'prose') {
    return `${where} line ${payload.line} is written ${f.encoding === 'ROT13' ? 'in ROT13' : 'backwards'} (${quote}). Decoded, it reads: ${JSON.stringify(short(f.text ?? '', 200))}.`;
  }
  const decodes = f.text !== undefined ? `${plural(Array.from(f.text).length, 'character')} of text: ${JSON.stringify(short(f.text, 200))}` : `${plural(f.binary?.length ?? 0, 'byte')} of binary data, not text`;
  return `${where} line ${payload.line} carries ${plural(f.rawLength, 'character')} of ${f.encoding} (${quote}) that decode to ${decodes}.`;
}

function why(payload: Payload): string {
  const parts: string[] = [];
  const deeper = layers(payload).slice(1);
  if (deeper.length > 0) {
    const last = deeper[deeper.length - 1]!;
    parts.push(`Decoded again (${deeper.map((p) => p.found.encoding).join(', then ')}), it reads: ${JSON.stringify(short(last.found.text ?? `${last.found.binary?.length ?? 0} bytes of binary data`, 160))}.`);
  }
  for (const e of payload.evidence) {
    if (e.kind === 'runner') parts.push(`Code next to it runs what it is given (line ${e.line}: ${JSON.stringify(short(e.quote, 100))}), so the decoded ${payload.found.text !== undefined ? 'text' : 'data'} would run unseen.`);
    if (e.kind === 'instruction') parts.push(`Line ${e.line} tells the model to decode it and act on it: "${short(e.quote, 120)}".`);
    if (e.kind === 'dangerous') parts.push(`What it decodes to is code or instructions (${JSON.stringify(e.quote)}); there is no honest reason to hide those.`);
    if (e.kind === 'nested' && deeper.length === 0) parts.push('What it decodes to holds another payload that is run or obeyed.');
  }
  const decoder = payload.evidence.find((e) => e.kind === 'decoder');
  if (decoder && parts.length === 0) parts.push(`It is decoded by ${short(decoder.quote, 80)}${decoder.line !== undefined ? ` (line ${decoder.line})` : ''}; nothing here runs it.`);
  if (parts.length === 0) parts.push('Encoding hides what it says from a reader and from text filters; a model can still read it.');
  return parts.join(' ');
}

function revealed(payload: Payload): string {
  return layers(payload)
    .filter((p) => p.found.text !== undefined)
    .map((p, i) => (i === 0 ? p.found.text! : `⟦decoded again from ${p.found.encoding}⟧\n${p.found.text!}`))
    .join('\n')
    .slice(0, 8000);
}

export function obfuscationRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  for (const source of ctx.sources) {
    // Decoded text's own blobs are its parent's layers, told in the parent's finding.
    if (source.kind === 'decoded') continue;
    const where = source.field ? `${source.path} (${source.field})` : source.path;
    for (const payload of payloadsOf(source).payloads) {
      const f = payload.found;
      const at = locate(ctx, source, f.start);
      const text = revealed(payload);
      out.findings.push(
        riskFinding('risk-obfuscated-payload', `${what(payload, where)} ${why(payload)}`, at, {
          severity: payload.severity,
          excerpt: lineExcerpt(source, f.start, Math.min(f.rawLength, 120)),
          ...(text ? { actual: text.slice(0, 1000) } : {}),
        }),
      );
      if (text) out.hidden.push(hiddenText('decoded-payload', at, text, 'risk-obfuscated-payload'));
    }
    const unread = payloadsOf(source).unreadFromLine;
    if (unread !== undefined) out.findings.push(undecoded(ctx, source, where, unread));
    const instructed = payloadsOf(source).instructedUnreadFromLine;
    if (instructed !== undefined) {
      const offset = lineIndexOf(source).lineStart(instructed);
      const message = `The check for encoded payloads reads what at most ${FOUND_PER_FILE.instructed} instructions to decode point at in a file: in ${where} those from line ${instructed} on were not read, so what they hide may be there unseen. Review the file by hand.`;
      out.findings.push(riskFinding('risk-check-incomplete', message, locate(ctx, source, offset), { excerpt: lineExcerpt(source, offset, 120) }));
    }
    const literals = payloadsOf(source).literalsUnreadAfterLine;
    if (literals !== undefined) {
      const offset = lineIndexOf(source).lineStart(literals);
      const message = `The check for encoded payloads reads at most ${FOUND_PER_FILE.literals} string literals of a file: in ${where} those after line ${literals} were not read, so what they hide may be there unseen. Review the file by hand.`;
      out.findings.push(riskFinding('risk-check-incomplete', message, locate(ctx, source, offset), { excerpt: lineExcerpt(source, offset, 120) }));
    }
    const xor = payloadsOf(source).xorUntriedFromLine;
    if (xor !== undefined) {
      const offset = lineIndexOf(source).lineStart(xor);
      const message = `The check for encoded payloads tries every XOR key on at most ${FOUND_PER_FILE.xorKeysTried} encoded texts of a file whose key is not written in it: in ${where} those from line ${xor} on were not tried, so what they hide may be there unseen. Review the file by hand.`;
      out.findings.push(riskFinding('risk-check-incomplete', message, locate(ctx, source, offset), { excerpt: lineExcerpt(source, offset, 120) }));
    }
    const nested = payloadsOf(source).decodedUnread;
    if (nested) out.findings.push(nestedUnread(ctx, source, where, nested.line, nested.bound));
    const unreadDecoded = decodedUnreadFrom(source);
    if (unreadDecoded !== undefined) out.findings.push(decodedNotRead(ctx, source, where, unreadDecoded));
  }
  return out;
}

/**
 * Hundreds of harmless encoded strings fill what is decoded of a file (find.ts): the one after them is not decoded,
 * and the review says so rather than let the padding hide it.
 */
function undecoded(ctx: RiskContext, source: TextSource, where: string, line: number): Finding {
  const { strong, weak } = FOUND_PER_FILE;
  const offset = lineIndexOf(source).lineStart(line);
  return riskFinding(
    'risk-check-incomplete',
    `The check for encoded payloads decodes at most ${strong} encoded texts of a file (${weak} that decode to bytes only): in ${where} some from line ${line} on were not decoded, so what they hide may be there unseen. Review the file by hand.`,
    locate(ctx, source, offset),
    { excerpt: lineExcerpt(source, offset, 120) },
  );
}

/** What each bound of the decoder reads, as said when it was met inside decoded text. */
const BOUND_WORDS: Readonly<Record<UnreadBound, string>> = {
  encoded: `it decodes at most ${FOUND_PER_FILE.strong} encoded texts of a text (${FOUND_PER_FILE.weak} that decode to bytes only)`,
  instructed: `it reads what at most ${FOUND_PER_FILE.instructed} instructions to decode point at in a text`,
  literals: `it reads at most ${FOUND_PER_FILE.literals} string literals of a text`,
  xor: `it tries every XOR key on at most ${FOUND_PER_FILE.xorKeysTried} encoded texts of a text whose key is not written in it`,
  layers: `it decodes encoded texts inside encoded texts at most ${MAX_DEPTH} layers deep`,
  allowance: `it reads at most ${MAX_DECODED_PER_SOURCE} decoded characters of a file, all layers together`,
};

/**
 * Padding inside an encoded text (base64 of 401 harmless encoded strings and then the payload, at any depth) fills
 * what is read of the decoded text: the review says which blob, rather than let it hide what follows unsaid.
 */
function nestedUnread(ctx: RiskContext, source: TextSource, where: string, line: number, bound: UnreadBound): Finding {
  const offset = lineIndexOf(source).lineStart(line);
  return riskFinding(
    'risk-check-incomplete',
    `The check for encoded payloads did not read all of the text decoded from ${where} at line ${line}: ${BOUND_WORDS[bound]}, and that text holds more. What the rest hides may be there unseen. Review the file by hand.`,
    locate(ctx, source, offset),
    { excerpt: lineExcerpt(source, offset, 120) },
  );
}

/** Decoded text the skill's allowance (sources.ts) left unread by the other rules: said, so padding hides nothing. */
function decodedNotRead(ctx: RiskContext, source: TextSource, where: string, line: number): Finding {
  const offset = lineIndexOf(source).lineStart(line);
  return riskFinding(
    'risk-check-incomplete',
    `The text decoded from ${where} (line ${line} and after) was not read by the other checks: the skill's decoded texts before it already fill what they read (${DECODED_BUDGET.count} texts, ${DECODED_BUDGET.chars} characters). What it says may be there unseen; review the file by hand.`,
    locate(ctx, source, offset),
    { excerpt: lineExcerpt(source, offset, 120) },
  );
}
