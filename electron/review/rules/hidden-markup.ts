// Markup that renders to nothing but reaches the model as written: HTML
// comments, markdown "comments" (link reference definitions nobody links to),
// links with no text, and HTML hidden by attribute or style. A reader of the
// rendered skill never sees any of it (threat model T1).
import { codeRanges, eachMatch, emptyResult, excerptOf, hiddenText, inRanges, isRendered, locate, riskFinding, type RiskContext, type RuleResult, type TextSource } from './context.js';

const HTML_COMMENT = /<!--([\s\S]*?)(?:-->|$(?![\s\S]))/g;
// `[//]: # (text)`, `[comment]: <> (text)`, `[x]: # "text"`: definitions that point nowhere.
const MD_COMMENT = /^ {0,3}\[([^\]\n]+)\]:[ \t]*(#|<>|\/\/)?[ \t]*(?:\(([^)\n]*)\)|"([^"\n]*)"|'([^'\n]*)')?[ \t]*$/gm;
const EMPTY_LINK = /(?<!!)\[\s*\]\(([^)\s]+)[^)]*\)/g;
// An opening tag's name; its attributes run to the first '>' after it (eachOpeningTag).
const TAG_NAME = /<([a-z][a-z0-9-]*)\b/gi;
const HIDING_ATTRIBUTE = /(?:^|\s)(hidden(?:\s|=|$)|aria-hidden\s*=\s*["']?true)|style\s*=\s*["'][^"']*(display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9])|opacity\s*:\s*0(?![.\d]*[1-9])|(?:height|width)\s*:\s*0(?:px)?\s*(?:;|["'])|color\s*:\s*(?:transparent|white|#fff(?:fff)?\b))/i;
const CLOSE_WINDOW = 4_000;
const NEVER_SHOWN = new Set(['script', 'style', 'template', 'noscript', 'object', 'iframe']);

/**
 * Each opening tag `<name …>`, as /<([a-z][a-z0-9-]*)\b([^>]*)>/gi would find them, in one pass: that pattern,
 * tried at every '<' of a file with no '>' after it ("python3 - <<EOF" lines), scanned to the end of the file
 * from each one (quadratic: 256 KB took seconds). Once no '>' follows, no later tag can close, so the scan stops.
 */
export function eachOpeningTag(text: string, visit: (tag: { index: number; length: number; name: string; attributes: string }) => void): void {
  const re = new RegExp(TAG_NAME.source, TAG_NAME.flags);
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const close = text.indexOf('>', re.lastIndex);
    if (close < 0) return;
    visit({ index: m.index, length: close + 1 - m.index, name: m[1]!, attributes: text.slice(re.lastIndex, close) });
    re.lastIndex = close + 1;
  }
}

function summarise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function rule(ctx: RiskContext, source: TextSource, out: RuleResult): void {
  const code = source.kind === 'html' ? [] : codeRanges(source.text);
  const where = source.path;

  eachMatch(source.text, HTML_COMMENT, (m) => {
    if (inRanges(code, m.index)) return;
    const body = m[1] ?? '';
    if (summarise(body) === '') return;
    const at = locate(ctx, source, m.index);
    const closed = m[0].endsWith('-->');
    out.findings.push(
      riskFinding('risk-html-comment', `${where} line ${at.line} has an HTML comment${closed ? '' : ' that is never closed (it hides the rest of the file)'}. Readers of the rendered skill do not see it; the model reads it: ${JSON.stringify(summarise(body).slice(0, 200))}.`, at, {
        excerpt: excerptOf(m[0]),
      }),
    );
    out.hidden.push(hiddenText('html-comment', at, body.trim(), 'risk-html-comment'));
  });

  if (source.kind !== 'html') {
    const referenced = new Set<string>();
    eachMatch(source.text, /\[([^[\]\n]+)\](?:\[([^[\]\n]*)\])?/g, (m) => {
      const after = source.text[m.index + m[0].length];
      if (after === ':') return;
      referenced.add((m[2] || m[1] || '').trim().toLowerCase());
    });
    eachMatch(source.text, MD_COMMENT, (m) => {
      if (inRanges(code, m.index)) return;
      const label = (m[1] ?? '').trim();
      const pointsNowhere = m[2] !== undefined || label === '//' || /^comment$/i.test(label);
      const text = m[3] ?? m[4] ?? m[5] ?? '';
      if (!pointsNowhere || referenced.has(label.toLowerCase())) return;
      const at = locate(ctx, source, m.index + (m[0].length - m[0].trimStart().length));
      out.findings.push(
        riskFinding('risk-hidden-markdown', `${where} line ${at.line} is a markdown "comment" (a link definition that points nowhere). It renders as nothing; the model reads it${text ? `: ${JSON.stringify(text.slice(0, 200))}` : ''}.`, at, {
          excerpt: excerptOf(m[0]),
        }),
      );
      out.hidden.push(hiddenText('hidden-markdown', at, text || m[0].trim(), 'risk-hidden-markdown'));
    });
    eachMatch(source.text, EMPTY_LINK, (m) => {
      if (inRanges(code, m.index)) return;
      const at = locate(ctx, source, m.index);
      out.findings.push(
        riskFinding('risk-hidden-markdown', `${where} line ${at.line} has a link with no text to ${m[1]}: it renders as nothing a reader can see or click, but the model sees the address.`, at, { excerpt: excerptOf(m[0]) }),
      );
      out.hidden.push(hiddenText('hidden-markdown', at, m[0], 'risk-hidden-markdown'));
    });
  }

  eachOpeningTag(source.text, (m) => {
    if (inRanges(code, m.index)) return;
    const tag = m.name.toLowerCase();
    const attributes = m.attributes;
    const neverShown = NEVER_SHOWN.has(tag);
    // In an HTML or SVG file, scripts and styles are code, not prose; the execution rules look at code.
    if (neverShown && source.kind === 'html' && tag !== 'template' && tag !== 'noscript') return;
    const hiddenBy = neverShown ? undefined : HIDING_ATTRIBUTE.exec(attributes)?.[0]?.trim();
    if (!neverShown && !hiddenBy) return;
    // The closing tag is looked for within a bounded window, so many unclosed tags stay linear.
    const from = m.index + m.length;
    const window = source.text.slice(from, from + CLOSE_WINDOW);
    const end = new RegExp(`</${tag}\\s*>`, 'i').exec(window);
    const content = window.slice(0, end ? end.index : undefined);
    const shown = summarise(content.replace(/<[^>]+>/g, ' '));
    if (shown === '') return;
    const at = locate(ctx, source, m.index);
    out.findings.push(
      riskFinding('risk-hidden-html', `${where} line ${at.line} has HTML a reader does not see (${neverShown ? `a <${tag}> element is never shown` : `hidden by ${hiddenBy}`}); the model reads its text: ${JSON.stringify(shown.slice(0, 200))}.`, at, {
        excerpt: excerptOf(source.text.slice(m.index, end ? from + end.index + end[0].length : from + CLOSE_WINDOW), 0, 0),
      }),
    );
    out.hidden.push(hiddenText('hidden-html', at, shown, 'risk-hidden-html'));
  });
}

export function hiddenMarkupRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  for (const source of ctx.sources) if (isRendered(source)) rule(ctx, source, out);
  return out;
}
