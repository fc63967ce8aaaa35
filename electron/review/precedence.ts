// What each agent does when two skills share a name, as its documentation
// says. Sources found (2026-10, through the project's search tool):
//
// - Claude Code: "When skills share the same name across levels, higher-priority
//   locations win: enterprise > personal > project. Plugin skills use a
//   plugin-name:skill-name namespace" (code.claude.com/docs/en/skills, quoted in
//   several guides). No warning is described: the lower one is simply hidden.
// - Codex: "If two skills share the same `name`, Codex doesn't merge them; both
//   can appear in skill selectors." (developers.openai.com/codex/skills). It reads
//   $CWD/.agents/skills up to the repo root, $HOME/.agents/skills,
//   /etc/codex/skills, bundled skills, and still the legacy ~/.codex/skills.
// - Gemini CLI: discovery tiers, lowest to highest precedence: built-in,
//   extension, user (~/.gemini/skills or the ~/.agents/skills alias), workspace
//   (.gemini/skills or .agents/skills). "If multiple skills share the same
//   name, the version from the higher-precedence location is used."
//   (geminicli.com/docs/cli/using-agent-skills). Within a tier the .agents
//   alias wins over .gemini (a third-party guide, dev.to/skillgild; not in the
//   official page).
// - goose: "goose checks all of these directories in order … If the same skill
//   name exists in multiple directories, later directories take priority":
//   ~/.claude/skills, ~/.config/agents/skills, ~/.config/goose/skills,
//   ./.claude/skills, ./.goose/skills, ./.agents/skills
//   (block.github.io/goose/docs/guides/context-engineering/using-skills).
// - VS Code / GitHub Copilot: reads .github/skills, .claude/skills,
//   .agents/skills in a project and ~/.copilot/skills, ~/.agents/skills for the
//   user (docs.github.com … /add-skills, code.visualstudio.com/docs/…/agent-skills);
//   what it does with two skills of one name: not documented (unknown).
// - Skills served by MCP servers: no host documents how they rank against
//   local skills or each other; SEP-2640 says hosts should surface collisions
//   and never silently shadow. So every verdict that involves a server is
//   "unknown".
import type { HostId, HostInfo, HostVerdict, LocalFolderKind, QualifiedSkill } from '../../shared/review-model.js';

export const HOSTS: readonly HostInfo[] = [
  { id: 'claude-code', name: 'Claude Code', source: 'https://code.claude.com/docs/en/skills' },
  { id: 'codex', name: 'Codex', source: 'https://developers.openai.com/codex/skills' },
  { id: 'gemini-cli', name: 'Gemini CLI', source: 'https://geminicli.com/docs/cli/using-agent-skills/' },
  { id: 'goose', name: 'goose', source: 'https://block.github.io/goose/docs/guides/context-engineering/using-skills' },
  { id: 'vscode', name: 'VS Code (GitHub Copilot)', source: 'https://code.visualstudio.com/docs/agent-customization/agent-skills' },
];

interface HostRule {
  /** Rank of each folder the host reads; higher wins. */
  readonly ranks: Partial<Record<LocalFolderKind, number>>;
  readonly onClash: 'highest-wins' | 'shows-all' | 'unknown';
  readonly silent?: boolean;
  readonly note: string;
}

const RULES: Readonly<Record<HostId, HostRule>> = {
  'claude-code': {
    ranks: { 'claude-user': 2, 'claude-project': 1 },
    onClash: 'highest-wins',
    silent: true,
    note: 'Personal skills (~/.claude/skills) override project skills (.claude/skills); the other copy is hidden without a warning.',
  },
  codex: {
    ranks: { 'agents-project': 3, 'agents-user': 2, 'codex-user': 1 },
    onClash: 'shows-all',
    note: 'Codex does not merge skills of one name: both appear in its skill list, and either may be chosen.',
  },
  'gemini-cli': {
    ranks: { 'agents-project': 4, 'gemini-project': 3, 'agents-user': 2, 'gemini-user': 1 },
    onClash: 'highest-wins',
    note: 'Workspace skills override user skills; within one tier the .agents alias overrides .gemini.',
  },
  goose: {
    ranks: { 'claude-user': 1, 'agents-config-user': 2, 'goose-user': 3, 'claude-project': 4, 'goose-project': 5, 'agents-project': 6 },
    onClash: 'highest-wins',
    note: 'goose combines its folders in a fixed order and the later folder wins.',
  },
  vscode: {
    ranks: { 'copilot-user': 1, 'agents-user': 1, 'claude-project': 1, 'agents-project': 1, 'github-project': 1 },
    onClash: 'unknown',
    note: 'VS Code reads these folders but does not document which skill it uses when names clash.',
  },
};

/** What one host would do with these same-named skills. */
export function hostVerdict(host: HostId, skills: readonly QualifiedSkill[]): HostVerdict {
  const rule = RULES[host];
  const source = HOSTS.find((h) => h.id === host)?.source;
  const base = { host, ...(source ? { source } : {}) };
  if (skills.some((s) => s.originKind === 'server')) {
    return { ...base, verdict: 'unknown', note: `${nameOf(host)} does not document how skills from MCP servers rank against each other or against local skills. Treat it as able to pick either one without telling you.` };
  }
  const read = skills.filter((s) => s.folderKind !== undefined && rule.ranks[s.folderKind] !== undefined);
  if (read.length === 0) return { ...base, verdict: 'reads-none', note: `${nameOf(host)} reads none of these folders.` };
  if (read.length === 1) {
    const only = read[0]!;
    return { ...base, verdict: 'sees-one', chosen: { serverId: only.serverId, skillUri: only.skillUri }, note: `${nameOf(host)} reads only ${only.originLabel} of these folders, so it sees just that one.` };
  }
  if (rule.onClash === 'shows-all') return { ...base, verdict: 'shows-all', note: rule.note };
  if (rule.onClash === 'unknown') return { ...base, verdict: 'unknown', note: rule.note };
  const ranked = [...read].sort((a, b) => (rule.ranks[b.folderKind!] ?? 0) - (rule.ranks[a.folderKind!] ?? 0));
  const [top, second] = ranked;
  if (!top || (second && rule.ranks[top.folderKind!] === rule.ranks[second.folderKind!])) {
    return { ...base, verdict: 'unknown', note: `${rule.note} These copies sit at the same level, so the documentation does not say which wins.` };
  }
  return {
    ...base,
    verdict: 'picks',
    chosen: { serverId: top.serverId, skillUri: top.skillUri },
    ...(rule.silent !== undefined ? { silent: rule.silent } : {}),
    note: `${rule.note} It would use ${top.qualifiedName}.`,
  };
}

function nameOf(host: HostId): string {
  return HOSTS.find((h) => h.id === host)?.name ?? host;
}
