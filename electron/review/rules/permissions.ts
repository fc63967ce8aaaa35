// What a skill asks for (threat model T3): `allowed-tools` pre-approves tools
// so the agent uses them without asking, and non-standard fields that some
// hosts honour change how and when the skill runs.
import type { Severity } from '../../../shared/model.js';
import { emptyResult, excerptOf, fileLocation, riskFinding, type RiskContext, type RuleResult } from './context.js';
import { everyFrontmatterOf, type FrontmatterView } from './frontmatter-view.js';

// Shared with the listing facts, which read allowed-tools from the listing before any file is read.
import { describeTool, splitTools } from '../../../shared/tool-requests.js';
export { describeTool, splitTools, type ToolRequest } from '../../../shared/tool-requests.js';

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
