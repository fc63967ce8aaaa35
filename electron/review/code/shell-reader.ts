// What the shell readers share: a word with its value, what a command's
// redirections tell (network connections, file descriptors, a heredoc), and
// the little of the statement walker that the command readers need (the
// flow, the pipeline being read, substitutions). Apart so that the readers
// of words and of commands depend on this shape, not on the walker itself.
import type { Node } from 'web-tree-sitter';
import { NOTHING, withStep, type StepKind, type Value } from './facts.js';
import { place, type Flow } from './flow.js';

export interface Io {
  /** Redirect targets on /dev/tcp or /dev/udp (a network connection). */
  readonly tcp: Array<{ fd: string; host: string; port: string }>;
  /** File descriptors it reads or writes through (`<&5`, `>&5`). */
  readonly fds: string[];
  readonly heredoc?: Value;
}

export interface Word {
  readonly node: Node;
  readonly v: Value;
}

export const NO_IO: Io = { tcp: [], fds: [] };

export interface Place {
  readonly offset: number;
  readonly length: number;
}

/** The parts of the pipeline being read that make a reverse shell together: a shell, and a network tool. */
export interface PipeParts {
  shell?: Place;
  net?: Place & { host: string; tool: string };
}

export interface ShellReader {
  readonly f: Flow;
  /** The pipeline being read, if any. */
  readonly pipe: PipeParts | undefined;
  /** What a command or process substitution gives: the output of the code inside. */
  substitution(node: Node): Value;
  /** Marks a shell as the pipeline's shell (the first one counts). */
  markShell(at: Place): void;
}

export function stepped(kind: StepKind, offset: number, what: string, base: Value = NOTHING): Value {
  return withStep(base, { kind, offset, what });
}

/** Records code run (with what feeds it), unless the facts are already full. */
export function recordExec(f: Flow, node: Node, runner: string, input: Value, file?: string): void {
  if (f.full) return;
  f.facts.execs.push({ ...place(node), runner, input, ...(file !== undefined ? { file } : {}) });
}
