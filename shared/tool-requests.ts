// What a skill's `allowed-tools` asks for, tool by tool, in plain words. Pure,
// so the listing facts (shared/listing-facts.ts, from the listing's
// frontmatter, before any read) and the review's permission rule
// (electron/review/rules/permissions.ts) read the field the same way.

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
