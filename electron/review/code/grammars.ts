// The tree-sitter grammars the code layer parses with, loaded once per process
// (or worker). The .wasm files ship inside the grammar packages; their bytes
// are read with fs, which also reads them from inside an Electron asar. A
// grammar that fails to load leaves its language to the text patterns, and
// the review says so. This module's loaded languages are the code layer's
// only state.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { Language, Parser } from 'web-tree-sitter';

export type CodeLanguage = 'bash' | 'python' | 'javascript' | 'typescript' | 'tsx' | 'powershell';

export const LANGUAGE_NAMES: Readonly<Record<CodeLanguage, string>> = {
  bash: 'shell',
  python: 'Python',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  tsx: 'TypeScript (TSX)',
  powershell: 'PowerShell',
};

/** Package-relative paths of each grammar's .wasm (resolved through the package, so the build need not copy them). */
export const GRAMMAR_FILES: Readonly<Record<CodeLanguage, string>> = {
  bash: 'tree-sitter-bash/tree-sitter-bash.wasm',
  python: 'tree-sitter-python/tree-sitter-python.wasm',
  javascript: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
  typescript: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
  powershell: 'tree-sitter-powershell/tree-sitter-powershell.wasm',
};

export const RUNTIME_FILE = 'web-tree-sitter/tree-sitter.wasm';

export interface Grammars {
  readonly languages: ReadonlyMap<CodeLanguage, Language>;
  /** Why a language has no grammar (it failed to load, or loading never ran). */
  readonly failures: ReadonlyMap<CodeLanguage, string>;
}

const requireHere = createRequire(import.meta.url);

let runtime: Promise<void> | undefined;
let loaded: Grammars | undefined;
let loading: Promise<Grammars> | undefined;

/**
 * Grammars compile with V8's baseline WebAssembly compiler only. Otherwise V8
 * recompiles the grammars' hot functions with its optimising compiler on
 * background threads — about 10 s of a core for these six grammars, spent
 * beside the reviews on a small machine — and a process that is done (the
 * command, after printing its report) cannot exit until that recompiling
 * has finished: measured, `check` on the 70-skill hostile corpus printed at
 * 3.3 s and exited at 10.7 s; with this flag it exits at 2.5 s, same
 * findings. Parsing is a part of a review's CPU (tree-sitter about a sixth of
 * it in a profile at 1,000 skills). Optimised, the code rules on Python ran
 * about a quarter faster once warm (the rules alone over 1,000 synthetic
 * files, second pass), about a tenth of all rule CPU: the compiling pays back
 * only on jobs of several thousand skills, not measured end to end. V8's flags are
 * the process's: this is set before the first grammar compiles, in whichever
 * thread that is.
 */
export const WASM_COMPILER_FLAG = '--liftoff-only';

function initRuntime(): Promise<void> {
  runtime ??= (async () => {
    setFlagsFromString(WASM_COMPILER_FLAG);
    const wasmBinary = await readFile(requireHere.resolve(RUNTIME_FILE));
    await Parser.init({ wasmBinary });
  })();
  return runtime;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message.split('\n', 1)[0]!.slice(0, 200) : String(error).slice(0, 200);
}

/**
 * Loads the grammars: the package files, or others in their place (tests use this to see a failure).
 * Never throws: what fails is listed in `failures`.
 */
export async function loadGrammars(files: Partial<Record<CodeLanguage, string>> = {}): Promise<Grammars> {
  const languages = new Map<CodeLanguage, Language>();
  const failures = new Map<CodeLanguage, string>();
  try {
    await initRuntime();
  } catch (error) {
    runtime = undefined;
    for (const lang of Object.keys(GRAMMAR_FILES) as CodeLanguage[]) failures.set(lang, `the parser runtime did not load (${reason(error)})`);
    return { languages, failures };
  }
  for (const lang of Object.keys(GRAMMAR_FILES) as CodeLanguage[]) {
    try {
      const file = files[lang] ?? requireHere.resolve(GRAMMAR_FILES[lang]);
      languages.set(lang, await Language.load(new Uint8Array(await readFile(file))));
    } catch (error) {
      failures.set(lang, `its grammar did not load (${reason(error)})`);
    }
  }
  return { languages, failures };
}

/** Loads the package grammars once for this process; later calls wait for the same load. */
export async function prepareCodeGrammars(): Promise<Grammars> {
  loading ??= loadGrammars().then((g) => (loaded = g));
  return loading;
}

const NOT_LOADED: Grammars = {
  languages: new Map(),
  failures: new Map((Object.keys(GRAMMAR_FILES) as CodeLanguage[]).map((l) => [l, 'the grammars were not loaded before this review'])),
};

/** The grammars this process loaded, or none (with the reason) before prepareCodeGrammars finished. */
export function currentGrammars(): Grammars {
  return loaded ?? NOT_LOADED;
}
