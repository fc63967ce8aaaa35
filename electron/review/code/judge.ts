// From facts to findings: a download or a decoded value that reaches
// something that runs it, a secret or the environment that reaches the
// network, a remote shell, a write to the agent's own files (its memory,
// settings, MCP servers, or a shell start-up file), and code execution in a
// configuration value —
// each said as its chain ("reads os.environ at line 12 → POSTs it to
// analytics.example at line 31") at the place where it happens.
import type { RiskFindingId } from '../../../shared/risk-findings.js';
import { lineIndexOf, type TextSource } from '../rules/context.js';
import type { CodeAnalysis, SnippetAnalysis } from './analyze.js';
import { agentFileOf, isEnvironmentSetup } from './agent-files.js';
import { isOwnService, shown, type Exec, type Step } from './facts.js';
import { samePath } from './flow.js';

export interface Detection {
  readonly id: RiskFindingId;
  readonly source: TextSource;
  /** Source offset of the place the finding points at. */
  readonly offset: number;
  readonly length: number;
  readonly message: string;
  readonly field?: string;
}

function lineOf(source: TextSource, offset: number): number {
  // Text decoded from a blob has no lines of its own in the file: it is where the blob is.
  return source.decodedFrom?.line ?? lineIndexOf(source).position(offset).line;
}

function whereOf(sa: SnippetAnalysis): string {
  const s = sa.snippet;
  // Text decoded from a blob or found in image metadata says so (`decoded from base64`).
  const path = s.source.field ? `${s.source.path} (${s.source.field})` : s.source.path;
  if (s.origin === 'file') return path;
  return `${path} (${s.label})`;
}

/** A step placed in its file: a file run by name may have been written by another snippet, or another file. */
interface Located {
  readonly kind: Step['kind'];
  readonly what: string;
  readonly source: TextSource;
  readonly offset: number;
}

function located(sa: SnippetAnalysis, steps: readonly Step[]): Located[] {
  return steps.map((st) => ({ kind: st.kind, what: st.what, source: sa.snippet.source, offset: sa.snippet.at(st.offset) }));
}

function chain(here: TextSource, steps: readonly Located[], last: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  const sorted = [...steps].sort((a, b) => (a.source === b.source ? a.offset - b.offset : a.source === here ? 1 : -1));
  for (const step of sorted) {
    const text = `${step.what} at ${step.source === here ? '' : `${step.source.path} `}line ${lineOf(step.source, step.offset)}`;
    if (seen.has(text)) continue;
    seen.add(text);
    parts.push(text);
  }
  return [...parts, last].join(' → ');
}

/** The origins of what an exec runs: its input, and for a file run by name what any snippet of the skill wrote there. */
function execOrigins(analysis: CodeAnalysis, sa: SnippetAnalysis, exec: Exec): Located[] {
  const out = located(sa, exec.input.steps);
  if (exec.file === undefined) return out;
  for (const other of analysis.snippets) {
    for (const f of other.facts.files) if (samePath(f.path, exec.file)) out.push(...located(other, f.value.steps));
  }
  return out;
}

export function codeDetections(analysis: CodeAnalysis): Detection[] {
  const out: Detection[] = [];
  const seen = new Set<string>();
  const push = (d: Detection) => {
    const key = `${d.id}\n${d.source.fileUri}\n${d.source.field ?? ''}\n${lineOf(d.source, d.offset)}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(d);
  };

  for (const sa of analysis.snippets) {
    const s = sa.snippet;
    const where = whereOf(sa);
    const at = (offset: number) => s.at(offset);
    const line = (offset: number) => lineOf(s.source, at(offset));
    const field = s.field !== undefined ? { field: s.field } : {};
    // A chain on one line (`curl … | sh`) is pointed at where it starts; one over several lines at where it ends up.
    const startOf = (offset: number, steps: readonly Located[]): number => {
      const mine = steps.filter((st) => st.source === s.source).map((st) => st.offset);
      const first = Math.min(at(offset), ...mine);
      return first < at(offset) && lineOf(s.source, first) === line(offset) ? first : at(offset);
    };

    if (s.mode === 'value') {
      // A configuration value that should be data holds code that runs something.
      const exec = sa.facts.execs[0];
      const expansion = sa.facts.expansions[0];
      const shell = sa.facts.shells[0];
      const send = sa.facts.sends[0];
      const first = [exec, expansion, shell, send].filter((p) => p !== undefined).sort((a, b) => a.offset - b.offset)[0];
      if (first) {
        const how = exec
          ? exec.input.steps.length
            ? chain(s.source, located(sa, exec.input.steps), `runs it with ${exec.runner}`)
            : `runs ${exec.runner}${exec.input.exact && exec.input.text !== '*' ? ` (${shown(exec.input.text, 60)})` : ''}`
          : shell
            ? shell.what
            : send
              ? `${send.verb} to ${send.host ?? 'an address built at run time'}`
              : 'runs a command substitution to compute it';
        push({ id: 'risk-exec-in-config', source: s.source, offset: at(first.offset), length: first.length, ...field, message: `${s.source.path} line ${line(first.offset)}: the value of "${s.field ?? '?'}" is code that ${how}. A program that reads this setting would run it on this computer.` });
      }
      continue;
    }

    for (const exec of sa.facts.execs) {
      const origins = execOrigins(analysis, sa, exec);
      const download = origins.filter((st) => st.kind === 'download');
      const decoded = origins.filter((st) => st.kind === 'decoded');
      const runs = `runs it with ${exec.runner} at line ${line(exec.offset)}`;
      if (download.length) {
        push({
          id: 'risk-fetch-and-run',
          source: s.source,
          offset: startOf(exec.offset, [...download, ...decoded]),
          length: exec.length,
          ...field,
          message: `${where} line ${line(exec.offset)} ${chain(s.source, [...download, ...decoded], runs)}. Whatever the server sends at that moment would run on this computer, unseen by any review.`,
        });
      } else if (decoded.length) {
        push({
          id: 'risk-decode-and-run',
          source: s.source,
          offset: startOf(exec.offset, decoded),
          length: exec.length,
          ...field,
          message: `${where} line ${line(exec.offset)} ${chain(s.source, decoded, runs)}: the code that runs was encoded to be unreadable, so what it does cannot be reviewed here.`,
        });
      }
    }

    for (const shell of sa.facts.shells) {
      push({ id: 'risk-reverse-shell', source: s.source, offset: at(shell.offset), length: shell.length, ...field, message: `${where} line ${line(shell.offset)} ${shell.what}.` });
    }

    for (const send of sa.facts.sends) {
      const leaks = located(
        sa,
        send.payload.steps.filter((st) => st.kind === 'environment' || (st.kind === 'secret' && !(/\bvariable\b/.test(st.what) && isOwnService(st.what, send.host)))),
      );
      if (!leaks.length) continue;
      const to = send.host ? `to ${send.host}` : 'to an address built at run time';
      push({
        id: 'risk-secret-exfiltration',
        source: s.source,
        offset: startOf(send.offset, leaks),
        length: send.length,
        ...field,
        message: `${where} line ${line(send.offset)}: ${chain(s.source, leaks, `${send.verb} ${to} at line ${line(send.offset)}`)}. Secrets read on this computer would leave it.`,
      });
    }

    for (const write of sa.facts.writes) {
      const target = agentFileOf(write.path);
      if (!target) continue;
      // An installer's `export PATH=…` line in ~/.bashrc is setup, not persistence.
      if (target.kind === 'shell-rc' && isEnvironmentSetup(write.content)) continue;
      const content = write.content.exact && write.content.text.trim() ? ` ("${shown(write.content.text, 60)}")` : '';
      const origin = write.content.steps.length ? ` (${chain(s.source, located(sa, write.content.steps), `written at line ${line(write.offset)}`)})` : '';
      push({
        id: 'risk-memory-write',
        source: s.source,
        offset: at(write.offset),
        length: write.length,
        ...field,
        message: `${where} line ${line(write.offset)} ${write.how} ${shown(write.path, 80)}${content}${origin}: ${target.what}. ${target.lasts}, so the change would outlive the skill and its review.`,
      });
    }
  }
  return out;
}

/** Whether a source offset lies in code that was read as code. */
export function isCovered(analysis: CodeAnalysis, source: TextSource, offset: number): boolean {
  const ranges = analysis.covered.get(source);
  if (!ranges) return false;
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [s, e] = ranges[mid]!;
    if (offset < s) hi = mid - 1;
    else if (offset >= e) lo = mid + 1;
    else return true;
  }
  return false;
}
