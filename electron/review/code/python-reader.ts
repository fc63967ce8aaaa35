// What the readers of Python calls share: a call taken apart once (the
// function's value and name, positional and keyword arguments), and the
// little of the walker they need (evaluating a node, a name's value, the
// environment, recording code run, the socket seen so far). Apart so that
// the call readers depend on this shape, not on the walker itself.
import type { Node } from 'web-tree-sitter';
import type { Value } from './facts.js';
import type { Flow } from './flow.js';

export interface Place {
  readonly offset: number;
  readonly length: number;
}

/** A reverse shell in Python is built in steps: a socket, os.dup2 onto it, then a shell started. */
export interface SocketSteps {
  host: string | undefined;
  dup: Place | undefined;
  spawned: (Place & { what: string }) | undefined;
}

export interface PythonReader {
  readonly f: Flow;
  readonly sockets: SocketSteps;
  eval(node: Node): Value;
  /** What a name holds, or the name itself as a reference (a module, a builtin). */
  ref(name: string): Value;
  /** What reading an environment variable gives (a secret name, HOME, or any name at run time). */
  envVar(key: Value | undefined, node: Node): Value;
  exec(node: Node, runner: string, input: Value, file?: string): void;
}

export interface PythonCall {
  readonly node: Node;
  readonly fnNode: Node | undefined;
  readonly fn: Value;
  readonly positional: readonly Value[];
  readonly positionalNodes: readonly Node[];
  readonly kw: ReadonlyMap<string, Value>;
  /** Every argument's value together. */
  readonly all: Value;
  /** The object of a method call (`f` in `f.write(…)`), else nothing. */
  readonly receiver: Value;
  /** The dotted name the function is known by (`base64.b64decode`, `subprocess.run`). */
  readonly ref: string;
  readonly method: string;
  readonly at: Place;
  /** The first argument, or the keyword that stands for it (args=, source=, cmd=). */
  readonly arg0: Value;
}
