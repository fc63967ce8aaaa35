// The files an agent reads on its own in every later session — its memory
// and instruction files, its settings, hooks and MCP server lists, the
// folders it loads skills and commands from — and the shell start-up files
// that run in every later shell. Code that writes one of them outlives the
// skill and its review (risk-memory-write). So do the places the system
// runs things from on its own (the crontab, systemd and launchd units, login
// items, a repository's git hooks) and the list of keys that may log in.
// Paths are matched as the code layer knows them: `*` for the parts only
// known at run time, `~` for home; `crontab` is what `crontab -` installs.
import type { Value } from './facts.js';

export type AgentFileKind = 'memory' | 'settings' | 'mcp' | 'folder' | 'shell-rc' | 'autostart' | 'login-keys';

export interface AgentFile {
  readonly kind: AgentFileKind;
  /** In words: "Claude Code's settings (permissions and hooks)". */
  readonly what: string;
  /** Why a change there lasts: "Every later shell runs it". */
  readonly lasts: string;
}

const LASTS: Record<AgentFileKind, string> = {
  memory: 'Agents read it on their own in every later session',
  settings: 'Agents read it on their own in every later session',
  mcp: 'Agents read it on their own in every later session',
  folder: 'Agents read it on their own in every later session',
  'shell-rc': 'Every later shell runs it',
  autostart: 'The system runs it again on its own, with no agent and no one asking',
  'login-keys': 'Whoever holds the matching private key can log in to this computer',
};

const FILES: ReadonlyArray<{ pattern: RegExp; kind: AgentFileKind; what: string }> = [
  // Memory and instruction files, read into every session.
  { pattern: /(?:^|\/)(?:CLAUDE|CLAUDE\.local|AGENTS|AGENT|GEMINI)\.md$/i, kind: 'memory', what: 'an instruction file agents read at the start of every session' },
  { pattern: /(?:^|\/)(?:SOUL|MEMORY)\.md$/i, kind: 'memory', what: "the agent's memory or persona file, read in every later conversation" },
  { pattern: /(?:^|\/)\.(?:cursorrules|windsurfrules|clinerules|roorules)$|(?:^|\/)\.(?:clinerules|cursor\/rules|windsurf\/rules|roo\/rules(?:-[\w-]+)?|kiro\/steering|amazonq\/rules)\/./i, kind: 'memory', what: "an editor agent's rules, applied to every later request" },
  { pattern: /(?:^|\/)\.github\/(?:copilot-instructions\.md$|instructions\/[^/]+\.instructions\.md$)/i, kind: 'memory', what: "GitHub Copilot's instructions for the repository" },
  { pattern: /(?:^|\/)\.openclaw\/./i, kind: 'memory', what: "the OpenClaw agent's workspace (its memory and persona)" },
  // Settings: permissions, hooks, approval modes.
  { pattern: /(?:^|\/)\.claude\/settings(?:\.local)?\.json$|(?:^|\/)\.claude\.json$/i, kind: 'settings', what: "Claude Code's settings (permissions, hooks and MCP servers)" },
  { pattern: /(?:^|\/)\.gemini\/settings\.json$|(?:^|\/)\.codex\/config\.toml$|(?:^|\/)\.cursor\/(?:hooks|cli)\.json$|(?:^|\/)\.continue\/config\.(?:json|ya?ml)$|(?:^|\/)\.aider\.conf\.ya?ml$|(?:^|\/)\.config\/goose\/./i, kind: 'settings', what: "a coding agent's settings (approvals, hooks, tools)" },
  // MCP server lists: a server listed there is started by the host.
  { pattern: /(?:^|\/)\.mcp\.json$|(?:^|\/)\.(?:cursor|vscode|roo|gemini)\/mcp\.json$|(?:^|\/)\.kiro\/settings\/mcp\.json$|(?:^|\/)claude_desktop_config\.json$|(?:^|\/)mcp_config\.json$|(?:^|\/)mcp_settings\.json$/i, kind: 'mcp', what: 'a list of MCP servers an agent host starts' },
  // Folders an agent loads skills, commands, sub-agents and hooks from.
  { pattern: /(?:^|\/)\.claude\/(?:commands|agents|skills|hooks|output-styles)\/.|(?:^|\/)\.(?:codex|gemini|agents|cursor)\/(?:skills|commands|prompts|extensions)\/./i, kind: 'folder', what: 'a folder an agent loads skills, commands or hooks from' },
  // Shell start-up files: what is added runs in every later shell.
  {
    pattern: /(?:^|\/)\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|kshrc|mkshrc|tcshrc|cshrc)$|(?:^|\/)\.config\/fish\/(?:config\.fish|conf\.d\/.)|^\/etc\/(?:profile|bash\.bashrc|zshrc|zsh\/zshrc)$|^\/etc\/profile\.d\/.|(?:^|\/)Microsoft\.PowerShell_profile\.ps1$|(?:^|\/)profile\.ps1$|^\$profile\b/i,
    kind: 'shell-rc',
    what: 'a shell start-up file, run in every later shell',
  },
  // Places the system starts programs from by itself: on a schedule, at login, at boot, on every commit.
  { pattern: /^crontab$|^\/var\/spool\/cron\/.|^\/var\/at\/tabs\/.|^\/etc\/crontab$|^\/etc\/cron\.(?:d|hourly|daily|weekly|monthly)\/./i, kind: 'autostart', what: 'the scheduled jobs (cron), run again and again' },
  { pattern: /(?:^|\/)\.config\/systemd\/user\/.|^\/etc\/systemd\/(?:system|user)\/.|^\/(?:usr\/)?lib\/systemd\/(?:system|user)\/./i, kind: 'autostart', what: 'a systemd unit, started by the system at boot or login' },
  { pattern: /(?:^|\/)Library\/(?:LaunchAgents|LaunchDaemons)\/./, kind: 'autostart', what: 'a launchd job (macOS), started at login or boot' },
  { pattern: /(?:^|\/)\.config\/autostart\/.|(?:^|\/)Start Menu\/Programs\/Startup\/./i, kind: 'autostart', what: 'a login item, started at every login' },
  {
    pattern: /(?:^|\/)\.git\/hooks\/(?:pre-commit|prepare-commit-msg|commit-msg|post-commit|pre-merge-commit|pre-push|pre-rebase|post-checkout|post-merge|post-rewrite|pre-auto-gc|reference-transaction|fsmonitor-watchman|post-index-change|applypatch-msg|pre-applypatch|post-applypatch)$/,
    kind: 'autostart',
    what: "a git hook, run by git at every commit, push or checkout in that repository",
  },
  { pattern: /(?:^|\/)\.ssh\/authorized_keys2?$/, kind: 'login-keys', what: 'the list of keys allowed to log in over SSH' },
];

/** The agent file a path names, or undefined (`*` parts are unknown, so they never match a name by themselves). */
export function agentFileOf(path: string): AgentFile | undefined {
  if (path.length > 1000) return undefined;
  const p = path
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/\/\.\//g, '/');
  if (!p || p === '*') return undefined;
  const hit = FILES.find((f) => f.pattern.test(p));
  return hit ? { kind: hit.kind, what: hit.what, lasts: LASTS[hit.kind] } : undefined;
}

// Lines that only set up the environment: what installers add to a shell profile (PATH, a tool's home).
const ENV_LINE = /^\s*(?:#.*|(?:export\s+)?[A-Za-z_]\w*=(?:"[^"`$]*(?:\$\{?[A-Za-z_]\w*\}?[^"`$]*)*"|'[^']*'|[^\s;&|`$()]*(?:\$\{?[A-Za-z_]\w*\}?[^\s;&|`$()]*)*)\s*|set\s+-gx\s+[A-Za-z_]\w*\s+[^;&|`$()]*|)$/;

/**
 * Whether what is written to a shell start-up file is only environment
 * setup (`export PATH="$HOME/.local/bin:$PATH"`), as installers write: known
 * exactly, from no download or decoder, every line a comment or an
 * assignment. Anything that runs a command (`curl …`, `alias sudo=…`,
 * `source …`) is not.
 */
export function isEnvironmentSetup(content: Value): boolean {
  if (!content.exact || content.steps.length > 0) return false;
  const lines = content.text.split(/\r?\n/);
  return lines.length <= 20 && lines.every((l) => ENV_LINE.test(l));
}
