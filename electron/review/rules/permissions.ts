// What a skill asks for (threat model T3): `allowed-tools` pre-approves tools
// so the agent uses them without asking, and non-standard fields that some
// hosts honour change how and when the skill runs.
import type { Severity } from '../../../shared/model.js';
import { emptyResult, excerptOf, fileLocation, riskFinding, type RiskContext, type RuleResult } from './context.js';
import { everyFrontmatterOf, type FrontmatterView } from './frontmatter-view.js';

export interface ToolRequest {
  /** As written: `Bash(git:*)`. */
  readonly tool: string;
  /** In plain words: "run git commands". */
  readonly meaning: string;
  readonly level: 'read' | 'write' | 'run' | 'network' | 'other';
}

/** Splits an allowed-tools value into tools, keeping `Bash(git add:*)` whole. */
export function splitTools(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  const out: string[] = [];
  for (const item of items) {
    let depth = 0;
    let current = '';
    for (const ch of item) {
      if (ch === '(') depth++;
      if (ch === ')') depth = Math.max(0, depth - 1);
      if (depth === 0 && (ch === ' ' || ch === ',' || ch === '\t' || ch === '\n')) {
        if (current.trim()) out.push(current.trim());
        current = '';
      } else {
        current += ch;
      }
    }
    if (current.trim()) out.push(current.trim());
  }
  return out;
}

export function describeTool(tool: string): ToolRequest {
  const match = /^([\w.-]+)(?:\((.*)\))?$/s.exec(tool);
  const name = match?.[1] ?? tool;
  const arg = match?.[2]?.trim();
  const lower = name.toLowerCase();
  if (tool === '*' || lower === 'all') return { tool, meaning: 'use every tool without asking', level: 'run' };
  if (lower === 'bash' || lower === 'shell' || lower === 'run_shell_command' || lower === 'powershell' || lower === 'terminal') {
    if (!arg || arg === '*' || arg === ':*' || arg === '**') return { tool, meaning: 'run any command on this computer', level: 'run' };
    const command = arg.replace(/:\*$/, '').replace(/\s*\*$/, '').trim();
    return { tool, meaning: `run "${command}" commands on this computer`, level: 'run' };
  }
  if (['write', 'edit', 'multiedit', 'notebookedit', 'write_file', 'replace', 'str_replace'].includes(lower)) return { tool, meaning: arg ? `change files matching ${arg}` : 'create and change files', level: 'write' };
  if (['read', 'grep', 'glob', 'ls', 'read_file', 'list_directory', 'search_file_content', 'notebookread'].includes(lower)) return { tool, meaning: arg ? `read files matching ${arg}` : 'read files', level: 'read' };
  if (['webfetch', 'websearch', 'web_fetch', 'google_web_search', 'fetch'].includes(lower)) return { tool, meaning: arg ? `reach the web (${arg})` : 'reach any website', level: 'network' };
  if (lower === 'task' || lower === 'agent') return { tool, meaning: 'start helper agents', level: 'other' };
  const mcp = /^mcp__([^_]+(?:_[^_]+)*?)__(.+)$/.exec(name);
  if (mcp) return { tool, meaning: `use the tool "${mcp[2]}" of the MCP server "${mcp[1]}"`, level: 'other' };
  return { tool, meaning: `use the tool "${name}"${arg ? ` (${arg})` : ''}`, level: 'other' };
}

// Fields outside the Agent Skills spec that hosts act on. Sources: Claude Code skill
// frontmatter reference (disable-model-invocation, user-invocable, model, context,
// agent, hooks, argument-hint, paths); experimental-ext-skills docs/skill-meta-keys.md.
const HOST_FIELDS: Readonly<Record<string, { meaning: (v: unknown) => string; severity: Severity }>> = {
  'disable-model-invocation': { meaning: (v) => (v === true ? 'the skill only runs when you call it by name' : 'the agent may start the skill on its own'), severity: 'info' },
  'user-invocable': { meaning: (v) => (v === false ? 'you cannot call it by name; only the agent starts it' : 'you can call it by name'), severity: 'info' },
  model: { meaning: (v) => `the skill switches the AI model to ${JSON.stringify(v)}`, severity: 'info' },
  context: { meaning: (v) => (v === 'fork' ? 'the skill runs in a separate helper agent' : `context: ${JSON.stringify(v)}`), severity: 'info' },
  agent: { meaning: (v) => `the skill runs as the helper agent ${JSON.stringify(v)}`, severity: 'info' },
  'argument-hint': { meaning: () => 'a hint shown when you call it by name', severity: 'info' },
  paths: { meaning: (v) => `the skill activates for files matching ${JSON.stringify(v)}`, severity: 'info' },
  effort: { meaning: (v) => `the skill sets the model's effort to ${JSON.stringify(v)}`, severity: 'info' },
  permissions: { meaning: () => 'the skill declares permissions for the agent', severity: 'warning' },
  permissionMode: { meaning: (v) => `the skill sets the permission mode to ${JSON.stringify(v)}`, severity: 'warning' },
  'permission-mode': { meaning: (v) => `the skill sets the permission mode to ${JSON.stringify(v)}`, severity: 'warning' },
  tools: { meaning: (v) => `the skill limits or grants tools: ${JSON.stringify(v)}`, severity: 'warning' },
};

export function permissionsRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  // The skill's own frontmatter, and that of every SKILL.md nested in it: a host that loads one grants what it asks.
  for (const fm of everyFrontmatterOf(ctx)) judgeRequests(ctx, fm, out);
  return out;
}

function judgeRequests(ctx: RiskContext, fm: FrontmatterView, out: RuleResult): void {
  const raw = fm.value['allowed-tools'];
  if (raw !== undefined) {
    const requests = splitTools(raw).map(describeTool);
    const risky = requests.filter((r) => r.level !== 'read');
    const line = fm.fieldLines['allowed-tools'];
    const message =
      requests.length === 0
        ? 'allowed-tools is present but names no tool.'
        : `The skill asks that these tools be used without asking you each time: ${requests.map((r) => `${r.tool} (${r.meaning})`).join('; ')}. Hosts that honour allowed-tools grant this when the skill is active; for skills from a server it should only apply once you approve it.`;
    out.findings.push(
      riskFinding('risk-allowed-tools', message, fileLocation(ctx, fm.fileUri, { field: 'allowed-tools', ...(line !== undefined ? { line } : {}) }), {
        severity: risky.length > 0 ? 'warning' : 'info',
        excerpt: excerptOf(`allowed-tools: ${typeof raw === 'string' ? raw : JSON.stringify(raw)}`),
      }),
    );
  }
  for (const [field, kind] of Object.entries(HOST_FIELDS)) {
    if (!(field in fm.value)) continue;
    const value = fm.value[field];
    const line = fm.fieldLines[field];
    out.findings.push(
      riskFinding('risk-host-field', `"${field}" is not an Agent Skills field, but some hosts act on it: ${kind.meaning(value)}.`, fileLocation(ctx, fm.fileUri, { field, ...(line !== undefined ? { line } : {}) }), {
        severity: kind.severity,
        excerpt: excerptOf(`${field}: ${typeof value === 'string' ? value : JSON.stringify(value)}`),
      }),
    );
  }
}
