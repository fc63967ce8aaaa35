// Syntax highlighting with shiki's fine-grained core and its JavaScript
// regex engine: no WebAssembly (which the page's CSP would refuse), and only
// the grammars skills commonly carry, loaded on first use.
import type { HighlighterCore, ThemedToken } from 'shiki/core';

let highlighter: Promise<HighlighterCore> | undefined;

function load(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([import('shiki/core'), import('shiki/engine/javascript')]);
    return createHighlighterCore({
      themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
      langs: [
        import('shiki/langs/markdown.mjs'),
        import('shiki/langs/yaml.mjs'),
        import('shiki/langs/json.mjs'),
        import('shiki/langs/shellscript.mjs'),
        import('shiki/langs/python.mjs'),
        import('shiki/langs/javascript.mjs'),
        import('shiki/langs/typescript.mjs'),
        import('shiki/langs/toml.mjs'),
        import('shiki/langs/html.mjs'),
        import('shiki/langs/css.mjs'),
      ],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  return highlighter;
}

const BY_EXTENSION: Record<string, string> = {
  md: 'markdown',
  markdown: 'markdown',
  yaml: 'yaml',
  yml: 'yaml',
  json: 'json',
  sh: 'shellscript',
  bash: 'shellscript',
  zsh: 'shellscript',
  py: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  toml: 'toml',
  html: 'html',
  htm: 'html',
  css: 'css',
};

/** The grammar for a file, by extension, then by MIME type; undefined means plain text. */
export function languageFor(uri: string, mimeType?: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(uri.split(/[?#]/)[0] ?? '')?.[1]?.toLowerCase();
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext];
  if (mimeType?.includes('markdown')) return 'markdown';
  if (mimeType?.includes('json')) return 'json';
  if (mimeType?.includes('yaml')) return 'yaml';
  return undefined;
}

/** Most text highlighted (whole lines, from the start: CodeView); the rest is shown plain so the window stays quick. */
export const MAX_HIGHLIGHT_CHARS = 64 * 1024;

/**
 * Per line, shiki gives up after a time limit and leaves the rest of the line
 * as it stood, so colours depended on how busy the machine was: the first
 * file of a language also pays for compiling its grammar's patterns. That
 * first file gets a generous limit; later ones the default, which keeps a
 * hostile line from freezing the view. Overlong lines are not tokenized at all.
 */
const FIRST_USE_LINE_LIMIT_MS = 5_000;
const LINE_LIMIT_MS = 500;
const MAX_TOKENIZED_LINE_CHARS = 5_000;
const warmed = new Set<string>();

export async function tokenize(code: string, lang: string): Promise<ThemedToken[][]> {
  const h = await load();
  const tokenizeTimeLimit = warmed.has(lang) ? LINE_LIMIT_MS : FIRST_USE_LINE_LIMIT_MS;
  const tokens = h.codeToTokens(code, { lang, themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false, tokenizeTimeLimit, tokenizeMaxLineLength: MAX_TOKENIZED_LINE_CHARS }).tokens;
  warmed.add(lang);
  return tokens;
}
