// Code that runs without anyone choosing to run it (threat model T2): package
// install hooks (npm lifecycle scripts, setup.py, Python build hooks in
// pyproject.toml: python-build.ts), files that test runners, interpreters and
// editors load on their own, and frontmatter fields that hosts execute
// (Claude Code's skill `hooks` run shell commands on tool events). Every
// finding quotes the line that makes the code run.
import { revealInvisible } from '../../../shared/invisible-chars.js';
import { excerptOf, emptyResult, fileLocation, riskFinding, type RiskContext, type RuleResult } from './context.js';
import { baseName, extensionOf } from './file-kinds.js';
import { everyFrontmatterOf, lineOfValue, type FrontmatterView } from './frontmatter-view.js';
import { pyprojectHooks, setupPyEvidence } from './python-build.js';
import type { PreparedFile } from './sources.js';

// npm runs these on `npm install` (and `prepare` on git installs).
const NPM_HOOKS = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare', 'prepublish'];

const AUTO_RUN: ReadonlyArray<{ test: (path: string) => boolean; what: string }> = [
  { test: (p) => baseName(p) === 'conftest.py', what: 'pytest imports every conftest.py it finds before running tests' },
  { test: (p) => baseName(p) === 'sitecustomize.py' || baseName(p) === 'usercustomize.py', what: 'Python imports it at start-up when it is on the path' },
  { test: (p) => extensionOf(p) === 'pth', what: 'Python runs "import" lines of .pth files in site-packages at every start' },
  { test: (p) => baseName(p) === 'setup.py', what: 'pip runs setup.py when the folder is installed' },
  { test: (p) => baseName(p) === 'build.rs', what: 'cargo runs build.rs before building' },
  { test: (p) => baseName(p) === 'binding.gyp', what: 'npm runs node-gyp for binding.gyp on install' },
  { test: (p) => baseName(p) === '.envrc', what: 'direnv runs .envrc when a shell enters the folder' },
  { test: (p) => /(^|\/)\.git\/hooks\//.test(p) || /(^|\/)\.husky\//.test(p), what: 'git runs hook scripts on commits and checkouts' },
  { test: (p) => baseName(p) === '.pre-commit-config.yaml', what: 'pre-commit runs the tools it lists on every commit' },
  { test: (p) => /(^|\/)Directory\.Build\.(props|targets)$/.test(p), what: 'MSBuild imports it into every build below it' },
  { test: (p) => /(^|\/)\.vscode\/tasks\.json$/.test(p), what: 'VS Code can run its tasks when the folder opens' },
  { test: (p) => baseName(p) === '.mcp.json', what: 'Claude Code offers to start the MCP servers it lists' },
  { test: (p) => /(^|\/)\.claude\/settings(\.local)?\.json$/.test(p), what: 'Claude Code reads hooks and permissions from it' },
  { test: (p) => ['.bashrc', '.zshrc', '.profile', '.bash_profile', '.zprofile'].includes(baseName(p)), what: 'shells run it at start-up if it is copied into a home folder' },
  { test: (p) => baseName(p).toLowerCase() === 'autorun.inf', what: 'Windows may act on it when the folder is opened as a drive' },
];

// Frontmatter fields hosts execute. `hooks` is documented by Claude Code (skill-scoped hooks);
// the others look like commands a host or tool could pick up.
const COMMAND_KEYS = /^(command|cmd|run|exec|script|shell|entrypoint|postinstall|preinstall|install|setup)$/i;

function commandsIn(value: unknown, path: string, out: Array<{ path: string; command: string }>, depth = 0): void {
  if (depth > 8 || out.length > 50) return;
  if (Array.isArray(value)) value.forEach((v, i) => commandsIn(v, `${path}[${i}]`, out, depth + 1));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' && COMMAND_KEYS.test(key)) out.push({ path: `${path}.${key}`, command: v });
      else commandsIn(v, `${path}.${key}`, out, depth + 1);
    }
  }
}

export function autoRunRule(ctx: RiskContext, files: readonly PreparedFile[]): RuleResult {
  const out = emptyResult();
  for (const file of files) {
    if (baseName(file.path) === 'package.json' && file.text !== undefined) {
      let scripts: Record<string, unknown> = {};
      try {
        const json = JSON.parse(file.text) as { scripts?: unknown };
        if (json.scripts && typeof json.scripts === 'object' && !Array.isArray(json.scripts)) scripts = json.scripts as Record<string, unknown>;
      } catch {
        scripts = {};
      }
      const lines = file.text.split('\n');
      for (const hook of NPM_HOOKS) {
        const command = scripts[hook];
        if (typeof command !== 'string') continue;
        const index = lines.findIndex((l) => l.includes(`"${hook}"`));
        out.findings.push(
          riskFinding('risk-install-hook', `${file.path} has a "${hook}" script: npm runs it on install, before anyone uses the skill: ${JSON.stringify(command.slice(0, 200))}.`, fileLocation(ctx, file.uri, { field: `scripts.${hook}`, ...(index >= 0 ? { line: index + 1 } : {}) }), {
            excerpt: excerptOf(index >= 0 ? (lines[index] ?? '') : command),
          }),
        );
      }
    }
    if (baseName(file.path) === 'pyproject.toml' && file.text !== undefined) {
      const others = files.filter((f) => f !== file && f.path.startsWith(file.path.slice(0, file.path.length - 'pyproject.toml'.length))).map((f) => f.path);
      for (const hook of pyprojectHooks(file.text, others)) {
        out.findings.push(
          riskFinding('risk-install-hook', `${file.path} line ${hook.line} ${hook.what}: pip runs it when the folder is installed or built, before anyone uses the skill.`, fileLocation(ctx, file.uri, { line: hook.line }), {
            excerpt: excerptOf(hook.text),
          }),
        );
      }
    }
    for (const auto of AUTO_RUN) {
      if (!auto.test(file.path)) continue;
      const name = baseName(file.path);
      const install = name === 'setup.py' || name === 'build.rs' || name === 'binding.gyp';
      // The line that shows it: a setup.py's cmdclass or setup() call, else the first line of the file.
      const evidence = name === 'setup.py' && file.text !== undefined ? setupPyEvidence(file.text) : firstLine(file.text);
      const what = evidence?.what ? `; it ${evidence.what}` : '';
      out.findings.push(
        riskFinding(install ? 'risk-install-hook' : 'risk-auto-run-file', `${file.path}: ${auto.what}${what}. Code in it runs without anyone choosing to run it.`, fileLocation(ctx, file.uri, { line: evidence?.line ?? 1 }), {
          ...(evidence && evidence.text.trim() ? { excerpt: excerptOf(evidence.text) } : {}),
        }),
      );
      break;
    }
  }

  // The skill's own frontmatter, and that of every SKILL.md nested in it: a host that loads one runs its hooks.
  for (const fm of everyFrontmatterOf(ctx)) frontmatterCommands(ctx, fm, out);
  return out;
}

/** The first line with something on it, to quote (nothing for a file that is not text or is empty). */
function firstLine(text: string | undefined): { line: number; text: string; what?: string } | undefined {
  if (text === undefined) return undefined;
  const lines = text.split(/\r?\n/, 200);
  const index = lines.findIndex((l) => l.trim() !== '');
  return index >= 0 ? { line: index + 1, text: lines[index]! } : undefined;
}

/** Commands in one frontmatter that a host or tool would run: hooks, and fields that hold a command. */
function frontmatterCommands(ctx: RiskContext, fm: FrontmatterView, out: RuleResult): void {
  const hooks = fm.value['hooks'];
  if (hooks !== undefined) {
    const commands: Array<{ path: string; command: string }> = [];
    commandsIn(hooks, 'hooks', commands);
    const first = commands[0];
    const line = first ? lineOfValue(fm, 'hooks', first.command.slice(0, 40)) : fm.fieldLines['hooks'];
    const events = hooks && typeof hooks === 'object' && !Array.isArray(hooks) ? Object.keys(hooks) : [];
    out.findings.push(
      riskFinding(
        'risk-exec-frontmatter',
        `The frontmatter declares hooks${events.length ? ` (${events.join(', ')})` : ''}. Claude Code runs skill hooks as shell commands when tools are used${commands.length ? `: ${commands.map((c) => JSON.stringify(c.command.slice(0, 120))).join(', ')}` : ''}.`,
        fileLocation(ctx, fm.fileUri, { field: 'hooks', ...(line !== undefined ? { line } : {}) }),
        { excerpt: revealInvisible(JSON.stringify(hooks).slice(0, 240)) },
      ),
    );
  }
  for (const [key, value] of Object.entries(fm.value)) {
    if (key === 'hooks') continue;
    const commands: Array<{ path: string; command: string }> = [];
    if (typeof value === 'string' && COMMAND_KEYS.test(key)) commands.push({ path: key, command: value });
    else if (value && typeof value === 'object') commandsIn(value, key, commands);
    for (const c of commands.slice(0, 5)) {
      const line = lineOfValue(fm, key, c.command.slice(0, 40));
      out.findings.push(
        riskFinding('risk-exec-frontmatter', `The frontmatter field "${c.path}" holds a command (${JSON.stringify(c.command.slice(0, 160))}); a host or tool that honours it would run it.`, fileLocation(ctx, fm.fileUri, { field: c.path, ...(line !== undefined ? { line } : {}) }), {
          severity: 'warning',
          excerpt: excerptOf(c.command),
        }),
      );
    }
  }
}
