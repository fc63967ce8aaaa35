// cmd.exe batch code (a ```bat or ```cmd block, a .bat or .cmd file, the
// code given to `cmd /c`), for which there is no grammar. A reader of its
// lines finds the Windows spelling of download-and-run: certutil -urlcache
// -f, bitsadmin /transfer or curl -o writing a download to a file that
// start, call, a bare path, rundll32, msiexec, mshta, wscript or
// powershell -File then runs; and mshta given an address, which runs what it
// fetches. `set NAME=value` is followed into %NAME%. Lines, not a grammar:
// enough for the few commands such code is made of.
import { literal, NOTHING } from './facts.js';
import type { Flow } from './flow.js';
import { stepped } from './shell-reader.js';

/** Batch code longer than this is read only up to here. */
const MAX_CODE = 64 * 1024;
const MAX_LINES = 2000;

interface Word {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** The words of one command, quotes removed (a quoted word keeps its spaces), with their offsets in the code. */
function wordsOf(code: string, from: number, to: number): Word[] {
  const out: Word[] = [];
  const re = /"([^"]*)"?|[^\s"]+/g;
  re.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = re.exec(code)) !== null && m.index < to) {
    const end = Math.min(to, m.index + m[0].length);
    out.push({ text: m[1] ?? code.slice(m.index, end), start: m.index, end });
  }
  return out;
}

/** The commands of a line: split at &, && and || outside quotes. */
function commandsOf(code: string, start: number, end: number): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  let quoted = false;
  let from = start;
  for (let i = start; i < end; i++) {
    const c = code[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '&' || (c === '|' && code[i + 1] === '|'))) {
      out.push([from, i]);
      while (code[i + 1] === '&' || code[i + 1] === '|') i++;
      from = i + 1;
    }
  }
  out.push([from, end]);
  return out;
}

const RUN_BY_NAME = new Set(['start', 'call', 'rundll32', 'msiexec', 'regsvr32', 'mshta', 'wscript', 'cscript', 'cmd', 'powershell', 'pwsh']);

/** A path written the same way wherever it is named: case, quotes and `.\` aside. */
function pathKey(path: string): string {
  return path.replace(/^"|"$/g, '').replace(/\//g, '\\').replace(/^\.\\/, '').toLowerCase();
}

/** Reads batch code and records its downloads, the files they are written to, and what runs them, in `f`. */
export function readBatch(f: Flow, code: string, at: (i: number) => number): void {
  if (code.length > MAX_CODE) {
    // Cut at the last line break inside the bound: the note says the next line is where reading stopped.
    const cut = code.lastIndexOf('\n', MAX_CODE - 1);
    code = code.slice(0, cut > 0 ? cut + 1 : MAX_CODE);
    f.stop(at(code.length - 1), `it is longer than ${MAX_CODE / 1024} KiB`);
  }
  const vars = new Map<string, string>();
  const expand = (text: string) => text.replace(/%(\w+)%/g, (all, name: string) => vars.get(name.toLowerCase()) ?? all);
  const place = (w: Word, last: Word) => ({ offset: at(w.start), length: Math.max(1, at(Math.max(w.start, last.end - 1)) + 1 - at(w.start)) });
  let lineStart = 0;
  for (let n = 0; n < MAX_LINES && lineStart < code.length; n++) {
    const nl = code.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? code.length : nl;
    for (const [s, e] of commandsOf(code, lineStart, lineEnd)) {
      const words = wordsOf(code, s, e).map((w) => ({ ...w, text: expand(w.text) }));
      // @echo off, a label, a comment.
      while (words[0] && /^@/.test(words[0].text)) words[0] = { ...words[0], text: words[0].text.slice(1) };
      const first = words[0];
      if (!first || /^(?::|rem$)/i.test(first.text)) continue;
      const name = first.text.toLowerCase().replace(/\.exe$/, '');
      const args = words.slice(1);
      const last = words.at(-1)!;
      if (name === 'set' && args[0]) {
        const assignment = /^"?([^=\s"]+)=(.*?)"?$/.exec(code.slice(args[0].start, e).trim());
        if (assignment) vars.set(assignment[1]!.toLowerCase(), expand(assignment[2]!));
        continue;
      }
      const download = downloadOf(name, args);
      if (download) {
        const value = stepped('download', at(first.start), `downloads ${download.url} (${name})`);
        f.write({ ...place(first, last), path: pathKey(download.file), value });
        f.wrote({ ...place(first, last), path: download.file, how: 'writes', content: value });
        continue;
      }
      // mshta https://…: runs the page it fetches.
      const url = args.find((a) => /^(?:https?|ftp):\/\//i.test(a.text));
      if (name === 'mshta' && url) {
        if (!f.full) f.facts.execs.push({ ...place(first, last), runner: 'mshta', input: stepped('download', at(url.start), `downloads ${url.text} (mshta)`, literal(url.text)) });
        continue;
      }
      // A file run: `start "" file`, `call file`, `rundll32 file,entry`, or the file named as the command.
      const target = RUN_BY_NAME.has(name) ? args.find((a, k) => !(name === 'start' && k === 0 && code[a.start] === '"') && !/^[/-]/.test(a.text)) : first;
      if (!target) continue;
      const file = pathKey(target.text.split(',')[0]!);
      if (f.written(file) && !f.full) f.facts.execs.push({ ...place(first, last), runner: RUN_BY_NAME.has(name) ? `cmd.exe ${name}` : 'cmd.exe', input: NOTHING, file });
    }
    lineStart = lineEnd + 1;
  }
  if (lineStart < code.length && code.slice(lineStart).trim()) f.stop(at(lineStart - 1), `it has more than ${MAX_LINES} lines`);
}

/** A command that downloads to a file: certutil -urlcache -f URL FILE, bitsadmin /transfer NAME URL FILE, curl -o FILE URL. */
function downloadOf(name: string, args: readonly Word[]): { url: string; file: string } | undefined {
  const plain = args.filter((a) => !/^[/-]/.test(a.text));
  const urlAt = plain.findIndex((a) => /^(?:https?|ftp):\/\//i.test(a.text));
  if (urlAt < 0) return undefined;
  const url = plain[urlAt]!.text;
  if (name === 'certutil' && args.some((a) => /^[/-]urlcache$/i.test(a.text))) {
    const file = plain[urlAt + 1];
    return file ? { url, file: file.text } : undefined;
  }
  if (name === 'bitsadmin' && args.some((a) => /^\/(?:transfer|addfile)$/i.test(a.text))) {
    const file = plain[urlAt + 1];
    return file ? { url, file: file.text } : undefined;
  }
  if (name === 'curl' || name === 'wget') {
    const o = args.findIndex((a) => (name === 'curl' ? /^(?:-o|--output)$/ : /^(?:-O|--output-document)$/).test(a.text));
    const file = o >= 0 ? args[o + 1] : undefined;
    return file ? { url, file: file.text } : undefined;
  }
  return undefined;
}
