// Code a skill could get run (threat model T2): bundled scripts and programs,
// downloads that get run and hidden code decoded and run — read from the
// syntax trees of the skill's code (code/: pipes, files written then run,
// variables, heredocs, `bash -c`, strings given to exec) — and command
// expansions that hosts run before the prompt reaches the model. The text
// patterns below stay as the fallback for prose that is not code ("run
// curl … | sh"); a place the code layer read as code is judged by it alone.
import type { Finding } from '../../../shared/model.js';
import { codeFindings, codeNotes, fallbackMayReport } from './code-findings.js';
import { eachMatch, emptyResult, excerptOf, fileLocation, lineExcerpt, locate, riskFinding, type RiskContext, type RuleResult, type TextSource } from './context.js';
import type { PreparedFile } from './sources.js';
import { append } from '../../../shared/append.js';

// A shell runs whatever it is fed; an interpreter does when told to read its program from stdin ("python3 -").
const SHELLS = String.raw`(?:sudo\s+(?:-\S+\s+)*)?(?:(?:\S*\/)?(?:ba|z|k|da|fi|c|tc)?sh|pwsh|powershell|iex|invoke-expression|source)\b|(?:sudo\s+)?(?:\S*\/)?(?:python[0-9.]*|node|perl|ruby|php)(?=\s*(?:-\s|-$|$|[;&|)]))`;
const FETCH = String.raw`(?:curl|wget|aria2c|iwr|irm|invoke-webrequest|invoke-restmethod)`;

// Gaps are bounded ({0,500}): a long line full of "curl" must not make every match scan to its end.
const FETCH_AND_RUN: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  // curl … | sh, wget -O- … | sudo bash, curl … | python3 -
  // An argument first: "curl|bash" named in a sentence is a mention, not a command.
  { pattern: new RegExp(String.raw`\b${FETCH}\s+[^\n|]{1,500}\|\s*(?:${SHELLS})`, 'gim'), what: 'pipes a download straight into a program that runs it' },
  // bash -c "$(curl …)", sh <(wget …), source <(curl …), eval "$(curl …)"
  { pattern: new RegExp(String.raw`\b(?:(?:ba|z|k|da)?sh|source|eval)\b[^\n]{0,20}(?:<\(|\$\(|\x60)\s*${FETCH}\b`, 'gi'), what: 'runs the output of a download' },
  { pattern: /(?:^|[\s;|&])\.\s+<\(\s*(?:curl|wget)\b/gi, what: 'runs the output of a download' },
  // PowerShell: iex (iwr …), iwr … | iex, (New-Object Net.WebClient).DownloadString(…) | iex
  { pattern: /\b(?:iex|invoke-expression)\b[^\n]{0,40}(?:iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|downloadfile|net\.webclient)\b/gi, what: 'runs code PowerShell downloads' },
  { pattern: /\b(?:downloadstring|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^\n|]{0,500}\|\s*(?:iex|invoke-expression)\b/gi, what: 'runs code PowerShell downloads' },
  // Python / Node one-liners that fetch and exec
  { pattern: /\b(?:exec|eval)\s*\(\s*(?:urllib\.request\.urlopen|requests\.get|urlopen|\(?\s*await\s+fetch)\b/gi, what: 'evaluates code it downloads' },
];

const DECODE_AND_RUN: readonly RegExp[] = [
  /\bbase64\s+(?:-d|--decode|-D)\b[^\n|]{0,500}\|\s*(?:sudo\s+)?(?:ba|z|k|da)?sh\b/gi,
  /\becho\s+["']?[A-Za-z0-9+/=]{24,}["']?\s*\|\s*base64\s+(?:-d|--decode|-D)\b[^\n]{0,500}\|\s*\S*(?:sh|python|perl|node)\b/gi,
  /\b(?:eval|exec|Function)\s*\(\s*(?:atob|Buffer\.from|base64\.b64decode|codecs\.decode|bytes\.fromhex|zlib\.decompress)\s*\(/gi,
  /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,500}\s-e(?:nc(?:odedcommand)?)?\s+[A-Za-z0-9+/=]{16,}/gi,
  /\beval\s+"?\$\(\s*(?:echo|printf)\b[^\n)]{0,500}\|\s*base64\s+(?:-d|--decode)/gi,
];

// Claude Code runs !`command` (and ```! blocks) in a skill before the model sees it;
// Gemini CLI custom commands run !{command}. The output is pasted into the prompt.
type EachPlace = (text: string, visit: (index: number, length: number) => void) => void;
const matches =
  (pattern: RegExp): EachPlace =>
  (text, visit) =>
    eachMatch(text, pattern, (m) => visit(m.index, m[0].length));

const COMMAND_EXPANSIONS: ReadonlyArray<{ each: EachPlace; host: string }> = [
  { each: matches(/(?<![\w!\\\]])!`([^`\n]+)`/g), host: 'Claude Code runs !`…` before the prompt is sent' },
  { each: matches(/^ {0,3}(`{3,}|~{3,})!.*$/gm), host: 'Claude Code runs ```! blocks before the prompt is sent' },
  { each: eachBraceExpansion, host: 'Gemini CLI runs !{…} before the prompt is sent' },
];

/**
 * Each `!{command}` as /(?<![\w\\])!\{([^}\n]+)\}/g finds it, reading each character once: that pattern, tried at
 * every "!{" of a line with no "}" after it, scanned to the line's end from each one (quadratic in the line; a 128 KB
 * line of "!{" took 13 s). With no "}" left on a line, no later "!{" on it closes either: the scan moves to the next line.
 */
export function eachBraceExpansion(text: string, visit: (index: number, length: number) => void): void {
  const open = /(?<![\w\\])!\{/g;
  let m: RegExpExecArray | null;
  while ((m = open.exec(text)) !== null) {
    let at = open.lastIndex;
    while (at < text.length && text[at] !== '}' && text[at] !== '\n') at++;
    if (text[at] !== '}') open.lastIndex = at;
    // "!{}" holds no command ([^}\n]+ takes one character at least): the next "!{" may start inside it.
    else if (at > open.lastIndex) {
      visit(m.index, at + 1 - m.index);
      open.lastIndex = at + 1;
    }
  }
}

function textRules(ctx: RiskContext, source: TextSource, findings: Finding[]): void {
  const where = source.field ? `${source.path} (${source.field})` : source.path;
  const seenLines = new Set<number>();
  for (const { pattern, what } of FETCH_AND_RUN) {
    eachMatch(source.text, pattern, (m) => {
      const at = locate(ctx, source, m.index);
      if (seenLines.has(at.line!) || !fallbackMayReport(ctx, 'risk-fetch-and-run', source, m.index)) return;
      seenLines.add(at.line!);
      findings.push(riskFinding('risk-fetch-and-run', `${where} line ${at.line} ${what}: whatever the server sends at that moment would run on this computer, unseen by any review.`, at, { excerpt: lineExcerpt(source, m.index, m[0].length) }));
    });
  }
  for (const pattern of DECODE_AND_RUN) {
    eachMatch(source.text, pattern, (m) => {
      const at = locate(ctx, source, m.index);
      if (seenLines.has(at.line!) || !fallbackMayReport(ctx, 'risk-decode-and-run', source, m.index)) return;
      seenLines.add(at.line!);
      findings.push(riskFinding('risk-decode-and-run', `${where} line ${at.line} decodes text that was encoded to be unreadable and runs it.`, at, { excerpt: lineExcerpt(source, m.index, m[0].length) }));
    });
  }
  // Gemini CLI reads its custom commands from TOML files, where !{…} runs too.
  const geminiCommand = source.kind === 'text' && /\.toml$/i.test(source.path);
  if (source.kind === 'skill-md' || source.kind === 'markdown' || geminiCommand) {
    for (const { each, host } of COMMAND_EXPANSIONS) {
      if (geminiCommand && !host.startsWith('Gemini')) continue;
      each(source.text, (index, length) => {
        const at = locate(ctx, source, index);
        findings.push(
          riskFinding('risk-command-expansion', `${where} line ${at.line} has a command expansion (${host}): the command runs on this computer as soon as the skill is used, before anyone sees its output.`, at, {
            excerpt: lineExcerpt(source, index, length),
          }),
        );
      });
    }
  }
}

export function executionRule(ctx: RiskContext, files: readonly PreparedFile[]): RuleResult {
  const out = emptyResult();
  for (const file of files) {
    if (file.info.kind === 'script') {
      out.findings.push(
        riskFinding('risk-script-file', `${file.path} is a ${file.info.runtime ?? ''} script (${file.info.reason ?? 'by its name'}). An agent using this skill could run it on this computer.`.replace('a  script', 'a script'), fileLocation(ctx, file.uri, { line: 1 }), {
          ...(file.text !== undefined ? { excerpt: excerptOf(file.text.split('\n', 1)[0] ?? '') } : {}),
        }),
      );
    } else if (file.info.kind === 'executable') {
      out.findings.push(riskFinding('risk-executable-file', `${file.path} is a program: ${file.info.runtime ?? 'native code'} (${file.info.reason ?? ''}). Its behaviour cannot be reviewed by reading it.`, fileLocation(ctx, file.uri)));
    }
  }
  append(append(out.findings, codeFindings(ctx, ['risk-fetch-and-run', 'risk-decode-and-run'])), codeNotes(ctx));
  for (const source of ctx.sources) textRules(ctx, source, out.findings);
  return out;
}
