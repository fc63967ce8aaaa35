// Every content-risk rule, in the order they run, and what they need loaded
// before the first review (a rule that parses code loads its grammars once per
// process or worker). A new rule is one line here.
import type { RiskContext, RuleResult } from './context.js';
import { autoRunRule } from './auto-run.js';
import { configExecRule } from './config-exec.js';
import { prepareCodeGrammars } from '../code/grammars.js';
import { exfiltrationRule } from './exfiltration.js';
import { reverseShellRule } from './reverse-shell.js';
import { executionRule } from './execution.js';
import { hiddenMarkupRule } from './hidden-markup.js';
import { hijackRule } from './hijack.js';
import { obfuscationRule } from './obfuscation.js';
import { imageTextRule } from './image-text.js';
import { invisibleTextRule } from './invisible-text.js';
import { permissionsRule } from './permissions.js';
import { reachRule } from './reach.js';
import { secretsRule } from './secrets.js';
import { shapeRule } from './shape.js';
import type { PreparedFile } from './sources.js';

export type Rule = (ctx: RiskContext, files: readonly PreparedFile[]) => RuleResult;

export const RULES: readonly Rule[] = [
  invisibleTextRule,
  hiddenMarkupRule,
  imageTextRule,
  executionRule,
  reverseShellRule,
  exfiltrationRule,
  configExecRule,
  obfuscationRule,
  autoRunRule,
  permissionsRule,
  reachRule,
  secretsRule,
  hijackRule,
  shapeRule,
];

/** Loads what the rules need before they can run (idempotent; call before the first review in a process). */
export async function prepareRules(): Promise<void> {
  // The code layer's grammars (code/grammars.ts): a grammar that fails leaves its language to the text patterns, with a note.
  await prepareCodeGrammars();
}
