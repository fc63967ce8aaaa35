// What the reader of JavaScript calls shares with the walker: the flow,
// evaluating a node, a name's value, a property of a value, a function body
// read with its parameters bound, and recording code run. Apart so that the
// call readers depend on this shape, not on the walker itself.
import type { Node } from 'web-tree-sitter';
import type { Value } from './facts.js';
import type { Flow } from './flow.js';

export interface JsReader {
  readonly f: Flow;
  eval(node: Node): Value;
  /** What a name holds, or the name itself as a reference (a module, a global). */
  ref(name: string): Value;
  /** A property of a value: a module's function, process.env.X, an options field. */
  member(base: Value, prop: string, node: Node): Value;
  /** A function body, with its parameters bound; the result is what it returns. */
  fn(body: Node, params: ReadonlyArray<{ node: Node; value: Value }>): Value;
  params(fn: Node): Node[];
  exec(node: Node, runner: string, input: Value, file?: string): void;
}

/** `node:fs` is `fs`. */
export function moduleName(text: string): string {
  return text.replace(/^node:/, '');
}
