// What makes decoded text worth a reviewer's eye: common English words (to
// tell a ROT13 or reversed sentence from noise), the words an attacker splits
// or encodes to slip past filters, and the cues that decoded text is code or
// an instruction rather than data.

// The most frequent English words, and the vocabulary of instructions aimed at an agent.
const COMMON = new Set(
  (
    'the be to of and a in that have i it for not on with he as you do at this but his by from they we say her she or an will my one all would there their what so up out if about who get which go me when make can like time no just him know take people into year your good some could them see other than then now look only come its over think also back after use two how our work first well way even new want because any these give day most us is are was were been has had did does done said made find found tell told ask asked call called let must should may might shall need needs ' +
    'ignore ignored previous prior above below following instructions instruction rules rule system prompt prompts message messages user users assistant model agent task tasks forget disregard override instead always never every each only reply respond answer output print send sent read write run execute file files folder contents content secret secrets key keys token tokens password passwords credentials data server url upload download delete remove copy hidden hide keep quietly silently do not without permission approval confirm before here follow obey decode decoded text command commands shell code script access home directory environment variables email share report mode developer unrestricted safety policy policies guidelines reveal include verbatim full private public api'
  ).split(/\s+/),
);

/** Words of a text (lowercase letters and apostrophes) of at least `min` letters. */
function words(text: string, min: number): string[] {
  return (text.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? []).filter((w) => w.length >= min);
}

/**
 * englishScore(text).ratio, counted without building the word lists: every prose line of every file is asked
 * whether it already reads as English (prose.ts), and nearly all do.
 */
export function commonShare(text: string): number {
  const word = /[a-z]+(?:'[a-z]+)?/g;
  const lower = text.toLowerCase();
  let words = 0;
  let known = 0;
  let m: RegExpExecArray | null;
  while ((m = word.exec(lower)) !== null) {
    words++;
    if (COMMON.has(m[0])) known++;
  }
  return words === 0 ? 0 : known / words;
}

/** Share of a text's words that are common English words, how many there are, and how many different known ones. */
export function englishScore(text: string, min = 1): { readonly words: number; readonly known: number; readonly distinct: number; readonly ratio: number } {
  const list = words(text, min);
  const known = list.filter((w) => COMMON.has(w));
  return { words: list.length, known: known.length, distinct: new Set(known).size, ratio: list.length === 0 ? 0 : known.length / list.length };
}

/**
 * Words and fragments that name a command, a secret or an injection. Hiding one
 * of these (split in pieces, spelled in character codes, reversed) is the point
 * of the trick; hiding an ordinary word is not.
 */
export const SENSITIVE = [
  'curl',
  'wget',
  'bash',
  '/bin/sh',
  'powershell',
  'pwsh',
  'invoke-expression',
  'invoke-webrequest',
  'downloadstring',
  'downloadfile',
  'webclient',
  'frombase64string',
  'eval',
  'exec',
  'system',
  'popen',
  'subprocess',
  'child_process',
  'execsync',
  'spawn',
  '__import__',
  'importlib',
  'marshal',
  'pickle',
  'base64',
  'atob',
  'fromcharcode',
  '/dev/tcp',
  '/dev/udp',
  'netcat',
  'ncat',
  'nc -e',
  'socket',
  'http://',
  'https://',
  'ftp://',
  'webhook',
  'ngrok',
  'pastebin',
  'discord',
  'telegram',
  'id_rsa',
  'id_ed25519',
  '.ssh',
  '.aws',
  '.env',
  '/etc/passwd',
  '/etc/shadow',
  'passwd',
  'password',
  'secret',
  'token',
  'api_key',
  'apikey',
  'credential',
  'keychain',
  'cookie',
  'localstorage',
  'ignore',
  'instruction',
  'disregard',
  'sudo',
  'chmod',
  'rm -rf',
  'mshta',
  'certutil',
  'bitsadmin',
  'rundll32',
  'regsvr32',
  'wscript',
  'cscript',
  'xmlhttprequest',
  'fetch(',
  'require(',
  'os.system',
  'document.cookie',
] as const;

/** The first sensitive word in a text, lowercase. */
export function sensitiveWord(text: string): string | undefined {
  const lower = text.toLowerCase();
  let best: { word: string; at: number } | undefined;
  for (const word of SENSITIVE) {
    const at = lower.indexOf(word);
    if (at >= 0 && (!best || at < best.at)) best = { word, at };
  }
  return best?.word;
}

/**
 * Decoded text that says something: it names a sensitive thing, or it reads as
 * English. Short decodes that pass neither (a reversed "olleh", an array of
 * scores that happens to spell "AFKPUZ") are noise.
 */
export function meaningful(text: string): boolean {
  if (sensitiveWord(text)) return true;
  // Words of two letters or more: a run of "a"s is not English.
  const score = englishScore(text, 2);
  return (score.distinct >= 2 && score.ratio >= 0.4) || (score.distinct >= 4 && score.ratio >= 0.25);
}

/**
 * Decoded text that is code that runs things, reaches out, reads secrets, or
 * speaks to the agent over its instructions: what makes a decoded payload
 * harmful rather than an encoded label. A URL alone is not (an encoded link is
 * a warning); a command that fetches one is.
 */
const DANGEROUS: readonly RegExp[] = [
  /(?<![.\w$])(?:exec|eval|execfile|system|popen|spawn|spawnSync|execSync|execFileSync|check_output|check_call|shell_exec|passthru|proc_open)\s*\(/,
  /\b(?:subprocess|child_process|os\.system|os\.popen|Runtime\.getRuntime|ProcessBuilder|Invoke-Expression|Start-Process|WScript\.Shell|ctypes|VirtualAlloc|pickle\.loads|marshal\.loads)\b/,
  /(?:^|[;|&(`]\s*|\$\(\s*)(?:sudo\s+)?(?:curl|wget|nc|ncat|netcat|socat|bash|sh|zsh|powershell|pwsh|iex|python[0-9.]*|perl|ruby|node|chmod|rm|scp|ssh)\s+(?:-{1,2}\w|https?:|\/|~|\.\/|['"$])/im,
  /\|\s*(?:sudo\s+)?(?:ba|z|k|da)?sh\b|\/dev\/(?:tcp|udp)\/|\bnc\s+-e\b/,
  /\b(?:requests\.(?:get|post|put)|urllib\.request|urlopen|XMLHttpRequest|WebSocket|socket\.socket|Net\.WebClient|DownloadString|Invoke-WebRequest)\b|\bfetch\s*\(|<script\b|\bjavascript:|\bdocument\.cookie\b/i,
  /~\/\.ssh\b|\bid_(?:rsa|ed25519)\b|\.aws\/credentials|\/etc\/(?:passwd|shadow)\b|\bos\.environ\b|\bprocess\.env\b|\$env:\w+/,
  /\b(?:ignore|disregard|forget|override|bypass)\b[^\n]{0,40}\b(?:instructions?|rules|prompts?|guidelines|guardrails)\b/i,
  /\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention|reveal\s+(?:this|it)\s+to|show)\s+(?:the\s+)?(?:user|human)\b|\bsystem\s+prompt\b|\bwithout\s+(?:asking|telling|informing)\b/i,
  /\bimport\s+(?:os|sys|subprocess|socket|base64|requests|urllib|ctypes|pty)\b|\brequire\s*\(\s*['"](?:child_process|net|http|https|fs)['"]\s*\)/,
];

/** The words that make a decoded text harmful (see DANGEROUS), or undefined. */
export function dangerousText(text: string): string | undefined {
  for (const re of DANGEROUS) {
    const m = re.exec(text);
    if (m) return m[0].trim().slice(0, 80);
  }
  return undefined;
}
