// What a skill asks of a host, read from its entry and the files the review
// read: scripts it ships, the allowed-tools elevation it requests, frontmatter
// fields hosts may execute, `!`command`` expansions, and the skills nested in
// it (each needs its own approval). Pure: entry and texts in, a list out.
import type { CommandExpansion, ExecutableField, NestedSkillRequest, ScriptRequest, SkillRequests } from '../../shared/approvals-model.js';
import type { ApprovalState, SkillFileRef } from '../../shared/model.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import { pathInSkill } from '../../shared/entry-diff.js';
import { yaml11Frontmatter } from '../../shared/merge-keys.js';

const EXECUTABLE_EXTENSIONS = new Set(['sh', 'bash', 'zsh', 'fish', 'py', 'js', 'mjs', 'cjs', 'ts', 'rb', 'pl', 'php', 'ps1', 'psm1', 'bat', 'cmd', 'exe', 'bin', 'jar', 'lua', 'r', 'swift', 'go']);

/** Frontmatter fields some hosts execute or act on, and why they matter. */
const EXECUTABLE_FIELDS: Readonly<Record<string, string>> = {
  hooks: 'Some hosts (Claude Code) run hook commands on events such as PreToolUse or PostToolUse.',
  command: 'A host may run this command.',
  commands: 'A host may run these commands.',
  run: 'A host may run this command.',
  exec: 'A host may run this command.',
  script: 'A host may run this script.',
  scripts: 'A host may run these scripts.',
  entrypoint: 'A host may start this program.',
  setup: 'A host may run this when installing the skill.',
  install: 'A host may run this when installing the skill.',
  postinstall: 'A host may run this after installing the skill.',
  preinstall: 'A host may run this before installing the skill.',
  'mcp-servers': 'A host may start these MCP servers.',
  mcpServers: 'A host may start these MCP servers.',
};

const COMMAND_EXPANSION = /!`([^`\n]+)`/g;
const MAX_EXPANSIONS = 100;

export interface RequestInput {
  readonly skillUri: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly resources: readonly SkillFileRef[] | 'dynamic' | null;
  /** Texts of the files the review read, by URI. */
  readonly texts: ReadonlyMap<string, string>;
  /** Skills the server lists under this one (from the registry). */
  readonly listedNested: readonly string[];
  readonly grantedAllowedTools: boolean;
  stateOf(uri: string): { known: boolean; approval: ApprovalState; enabled: boolean };
}

/**
 * The tools an `allowed-tools` value requests; `null` when the field is absent. Read as a YAML 1.1 host reads the
 * frontmatter (shared/merge-keys.ts): `<<: {allowed-tools: …}` asks for those tools there, so it is asked here.
 */
export function allowedToolsOf(listed: Readonly<Record<string, unknown>>): { requested: string[]; wellFormed: boolean } | null {
  const frontmatter = yaml11Frontmatter(listed);
  if (!Object.hasOwn(frontmatter, 'allowed-tools')) return null;
  const value = frontmatter['allowed-tools'];
  if (typeof value === 'string') return { requested: value.split(/\s+/).filter((t) => t !== ''), wellFormed: true };
  if (Array.isArray(value)) return { requested: value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))), wellFormed: false };
  return { requested: [JSON.stringify(value) ?? String(value)], wellFormed: false };
}

function shorten(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

function scriptReasons(path: string, text: string | undefined): string[] {
  const reasons: string[] = [];
  const segments = path.split('/');
  const name = segments[segments.length - 1] ?? '';
  if (segments.slice(0, -1).some((s) => s === 'scripts' || s === 'bin')) reasons.push(`in a ${segments.includes('bin') ? 'bin' : 'scripts'}/ folder`);
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (EXECUTABLE_EXTENSIONS.has(ext)) reasons.push(`.${ext} file`);
  if (text?.startsWith('#!')) reasons.push('starts with #! (runs as a program)');
  if (name === 'conftest.py') reasons.push('pytest runs conftest.py on its own');
  if (name === 'package.json' && text && /"(pre|post)?install"\s*:/.test(text)) reasons.push('npm runs its install scripts');
  if (name === 'Makefile' || name === 'justfile') reasons.push('a build file that runs commands');
  return reasons;
}

export function skillRequests(input: RequestInput): SkillRequests {
  const files = Array.isArray(input.resources) ? input.resources.map((r) => r.uri) : [...input.texts.keys()];
  const own = canonicalUri(input.skillUri);

  const scripts: ScriptRequest[] = [];
  for (const uri of files) {
    const path = pathInSkill(uri, input.skillUri);
    const reasons = scriptReasons(path, input.texts.get(uri));
    if (reasons.length > 0) scripts.push({ uri, path, reasons });
  }

  const tools = allowedToolsOf(input.frontmatter);
  // Fields a `<<` key brings in are fields to a YAML 1.1 host, which may run them.
  const frontmatter = yaml11Frontmatter(input.frontmatter);
  const executableFields: ExecutableField[] = [];
  for (const [field, why] of Object.entries(EXECUTABLE_FIELDS)) {
    if (Object.hasOwn(frontmatter, field)) executableFields.push({ field, value: shorten(frontmatter[field]), why });
  }

  // The first MAX_EXPANSIONS are listed and every one is counted: a hundred harmless `!`date`` must not leave the one
  // after them out of what the skill asks for without a word (they were once dropped past the hundredth, uncounted).
  const commandExpansions: CommandExpansion[] = [];
  let commandExpansionsNotListed = 0;
  for (const [uri, text] of input.texts) {
    if (!/\.(md|markdown|txt)$/i.test(uri)) continue;
    text.split('\n').forEach((line, index) => {
      for (const match of line.matchAll(COMMAND_EXPANSION)) {
        if (commandExpansions.length < MAX_EXPANSIONS) commandExpansions.push({ uri, line: index + 1, text: match[0] });
        else commandExpansionsNotListed++;
      }
    });
  }

  // Nested skills: those the server lists under this one, and any other SKILL.md among the files.
  const nested = new Map<string, string>();
  for (const uri of input.listedNested) nested.set(canonicalUri(uri), uri);
  for (const uri of files) {
    const key = canonicalUri(uri);
    if (key !== own && /\/SKILL\.md$/.test(key) && !nested.has(key)) nested.set(key, uri);
  }
  const nestedSkills: NestedSkillRequest[] = [...nested.values()].map((uri) => ({ uri, path: pathInSkill(uri, input.skillUri), ...input.stateOf(uri) }));

  return {
    scripts,
    allowedTools: tools ? { ...tools, granted: input.grantedAllowedTools } : null,
    executableFields,
    commandExpansions,
    ...(commandExpansionsNotListed > 0 ? { commandExpansionsNotListed } : {}),
    nestedSkills,
  };
}
