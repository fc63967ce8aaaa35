// Python packaging that runs the skill's own code when the folder is
// installed or built (`pip install .`, `uv pip install`, `python -m build`):
// a setup.py (pip runs it; a `cmdclass` replaces the install command), and
// pyproject.toml tables that name in-tree code — a Hatch custom build or
// metadata hook, setuptools `cmdclass`, a Poetry build script, a PDM build
// script, a build backend loaded from the folder itself (`backend-path`).
// Hooks that are plugins from an index (hatch-vcs, hatch-jupyter-builder)
// run a published package's code, not the skill's: they are left alone.

/** One place in a packaging file that makes an install run code, with the line that says so. */
export interface BuildHook {
  /** 1-based line of the evidence. */
  readonly line: number;
  /** The line as written. */
  readonly text: string;
  /** In words: "declares a custom Hatch build hook (hatch_build.py)". */
  readonly what: string;
}

const HEADER = /^\s*\[\s*([^\]]+?)\s*\]\s*(?:#.*)?$/;

function unquote(key: string): string {
  return key.replace(/\s*\.\s*/g, '.').replace(/["']/g, '');
}

function valueOf(line: string): string {
  return /=\s*(["'])(.*?)\1/.exec(line)?.[2] ?? /=\s*([^#]*)/.exec(line)?.[1]?.trim() ?? '';
}

/** The tables of a pyproject.toml that run in-tree code at install or build time (the first of each). */
export function pyprojectHooks(text: string, otherPaths: readonly string[] = []): BuildHook[] {
  const lines = text.split(/\r?\n/);
  const out: BuildHook[] = [];
  const add = (index: number, what: string) => {
    if (out.some((h) => h.line === index + 1)) return;
    out.push({ line: index + 1, text: lines[index] ?? '', what });
  };
  let table = '';
  let backend = '';
  let backendPath = -1;
  let hatchHook: { line: number; kind: string } | undefined;
  const closeHatch = () => {
    if (hatchHook) add(hatchHook.line, `declares a custom Hatch ${hatchHook.kind} hook (hatch_build.py, the default path)`);
    hatchHook = undefined;
  };
  for (let i = 0; i < lines.length && i < 20_000; i++) {
    const line = lines[i]!;
    const header = HEADER.exec(line);
    if (header) {
      closeHatch();
      table = unquote(header[1]!.replace(/^\[|\]$/g, ''));
      const hatch = /^tool\.hatch\.(?:build(?:\.targets\.[^.]+)?\.hooks|metadata\.hooks)\.custom$/.exec(table);
      if (hatch) hatchHook = { line: i, kind: table.includes('metadata') ? 'metadata' : 'build' };
      if (table === 'tool.setuptools.cmdclass') add(i, 'replaces setuptools commands with classes from the folder ([tool.setuptools.cmdclass])');
      continue;
    }
    if (/^\s*(?:#|$)/.test(line)) continue;
    const key = /^\s*([\w."'-]+)\s*=/.exec(line)?.[1]?.replace(/["']/g, '') ?? '';
    if (hatchHook && key === 'path') {
      add(hatchHook.line, `declares a custom Hatch ${hatchHook.kind} hook (${valueOf(line) || 'hatch_build.py'}, line ${i + 1})`);
      hatchHook = undefined;
    }
    if (table === 'build-system' && key === 'build-backend') backend = valueOf(line);
    if (table === 'build-system' && key === 'backend-path') backendPath = i;
    if (table === 'tool.setuptools' && key === 'cmdclass') add(i, 'replaces setuptools commands with classes from the folder (cmdclass)');
    if (table === 'tool.poetry.build' && key === 'script') add(i, `runs a Poetry build script (${valueOf(line)})`);
    if (table === 'tool.poetry' && key === 'build') add(i, `runs a Poetry build script (${valueOf(line)})`);
    if (table === 'tool.pdm.build' && (key === 'setup-script' || (key === 'run-setuptools' && /true/i.test(line)))) add(i, key === 'setup-script' ? `runs a PDM build script (${valueOf(line)})` : 'runs setup.py through PDM (run-setuptools)');
  }
  closeHatch();
  if (backendPath >= 0) add(backendPath, `loads its build backend${backend ? ` (${backend})` : ''} from the folder itself (backend-path)`);
  // pdm-backend runs pdm_build.py from the project root on its own.
  if (/^pdm\.backend\b/.test(backend) && otherPaths.some((p) => /(?:^|\/)pdm_build\.py$/.test(p))) {
    const index = lines.findIndex((l) => /^\s*build-backend\s*=/.test(l));
    if (index >= 0) add(index, 'builds with pdm-backend, which runs the pdm_build.py next to it');
  }
  return out.sort((a, b) => a.line - b.line);
}

/** The line of a setup.py that shows what pip runs: a `cmdclass` (an install command replaced), else the `setup(` call, else the first line of code. */
export function setupPyEvidence(text: string): BuildHook {
  const lines = text.split(/\r?\n/);
  const find = (re: RegExp) => lines.findIndex((l) => re.test(l));
  const cmdclass = find(/\bcmdclass\s*[=:]/);
  if (cmdclass >= 0) return { line: cmdclass + 1, text: lines[cmdclass]!, what: 'replaces setuptools commands with its own classes (cmdclass), whose code runs on install' };
  const setup = find(/\bsetup\s*\(/);
  if (setup >= 0) return { line: setup + 1, text: lines[setup]!, what: 'calls setup(); everything the file does runs on install' };
  const first = Math.max(0, find(/\S/));
  return { line: first + 1, text: lines[first] ?? '', what: 'everything the file does runs on install' };
}
