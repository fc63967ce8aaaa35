// Where words are shown rather than said: code blocks marked as examples of
// an attack, and quoted or inline-code text. A skill that explains prompt
// injection quotes it; the matchers must not take the quote for the order.
import { inRanges } from '../context.js';

type Ranges = Array<readonly [number, number]>;

// An info string or the lines just before a fence that say the block is an example.
const EXAMPLE_MARK =
  /\b(?:examples?|e\.g\.|for instance|samples?|attacks?|attacker|injections?|injected|malicious|hostile|jailbreaks?|red[- ]flags?|do not (?:follow|obey|run)|don'?t (?:follow|obey|run)|never (?:follow|obey)|bad|unsafe|looks? like|such as|quoted?|adversarial|phishing|detect(?:s|ed)?|flag(?:s|ged)?|suspicious|untrusted|warning signs?|what (?:an?|the) attack|known attacks?|payloads?|exploit)\b/i;

/** Fenced code blocks that are marked as examples (by their info string or the two lines before), as offset ranges. */
export function exampleBlocks(text: string): Ranges {
  const out: Ranges = [];
  const fence = /^( {0,3})(`{3,}|~{3,})([^\n]*)$/gm;
  let open: { marker: string; start: number; info: string } | undefined;
  let m: RegExpExecArray | null;
  while ((m = fence.exec(text)) !== null) {
    const marker = m[2]!;
    if (!open) {
      open = { marker, start: m.index, info: m[3] ?? '' };
    } else if (marker[0] === open.marker[0] && marker.length >= open.marker.length && m[0].trim() === marker) {
      if (isMarked(text, open.start, open.info)) out.push([open.start, m.index + m[0].length]);
      open = undefined;
    }
  }
  if (open && isMarked(text, open.start, open.info)) out.push([open.start, text.length]);
  return out;
}

function isMarked(text: string, fenceStart: number, info: string): boolean {
  if (EXAMPLE_MARK.test(info)) return true;
  // The two non-empty lines before the fence.
  let end = fenceStart;
  for (let found = 0, guard = 0; found < 2 && end > 0 && guard < 20; guard++) {
    const start = text.lastIndexOf('\n', end - 2) + 1;
    const line = text.slice(start, end).trim();
    end = start;
    if (line === '') continue;
    found++;
    if (EXAMPLE_MARK.test(line.slice(0, 600))) return true;
  }
  return false;
}

/** Quoted text and inline code spans: "…", “…”, '…', `…`. Sorted, joined where they overlap. */
export function quotedSpans(text: string): Ranges {
  const out: Ranges = [];
  // A quotation may wrap onto the next line of a paragraph (one line break, not a blank line).
  const quoted = /"[^"\n]{1,400}(?:\n[^"\n]{1,400})?"|\u201c[^\u201d\n]{1,400}(?:\n[^\u201d\n]{1,400})?\u201d|\u00ab[^\u00bb\n]{1,400}\u00bb|(?<![\w'])'(?=\S)[^'\n]{1,400}?(?<=\S)'(?![\w])|(?<!`)(`+)(?!`)[^\n]{0,400}?[^`\n]\1(?!`)/g;
  let m: RegExpExecArray | null;
  while ((m = quoted.exec(text)) !== null) out.push([m.index, m.index + m[0].length]);
  return merge(out);
}

/** Sorted, with overlapping ranges joined (inRanges needs them apart). */
function merge(ranges: Ranges): Ranges {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [start, end] of ranges) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

export function within(ranges: Ranges, offset: number): boolean {
  return inRanges(ranges, offset);
}
