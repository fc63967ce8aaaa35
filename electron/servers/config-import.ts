// Reads the MCP server configs people already have (Claude Desktop, Cursor,
// VS Code, the MCP Inspector, or pasted JSON of any of these shapes) into
// import candidates. Pure parsing here; the file reading is in the caller.
import os from 'node:os';
import path from 'node:path';
import { transportSchema } from '../../shared/api.js';
import type { ConfigFormat, ImportCandidate, ImportPreview, TransportConfig } from '../../shared/model.js';
import { uniqueLabel } from './catalog.js';

export class ConfigError extends Error {
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(`${source}: ${message}`);
    this.name = 'ConfigError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Line and column of a JSON.parse failure, so the error points at the place. */
function jsonErrorPosition(text: string, error: SyntaxError): string {
  const position = /position (\d+)/.exec(error.message)?.[1];
  if (position === undefined) return error.message;
  const index = Number(position);
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  const column = index - before.lastIndexOf('\n');
  return `${error.message.replace(/ in JSON at position \d+.*/, '')} at line ${line}, column ${column}`;
}

/** Strips // and /* *\/ comments and trailing commas, which VS Code's JSONC allows. */
function stripJsonc(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i += 2;
      while (i < text.length && !(text[i] === '*' && text[i + 1] === '/')) {
        if (text[i] === '\n') out += '\n';
        i++;
      }
      i++;
    } else {
      out += c;
    }
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  return out;
}

/** One server definition, in any of the known shapes, to a transport — or why not. */
export function toTransport(def: unknown): { transport?: TransportConfig; error?: string } {
  if (!isRecord(def)) return { error: 'the entry is not an object' };
  const type = typeof def['type'] === 'string' ? def['type'].toLowerCase() : undefined;
  if (def['disabled'] === true) return { error: 'the entry is disabled in its config' };
  const url = typeof def['url'] === 'string' ? def['url'] : typeof def['serverUrl'] === 'string' ? def['serverUrl'] : undefined;
  let candidate: unknown;
  if (typeof def['command'] === 'string' && type !== 'http' && type !== 'sse') {
    candidate = {
      kind: 'stdio',
      command: def['command'],
      args: Array.isArray(def['args']) ? def['args'].map(String) : [],
      env: stringRecord(def['env']),
      ...(typeof def['cwd'] === 'string' ? { cwd: def['cwd'] } : {}),
    };
  } else if (url) {
    const kind = type === 'sse' || (type === undefined && /\/sse\/?$/.test(url)) ? 'sse' : 'http';
    candidate = { kind, url, headers: stringRecord(def['headers']) };
  } else {
    return { error: 'it has neither a "command" nor a "url"' };
  }
  const parsed = transportSchema.safeParse(candidate);
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`).join('; ') };
  return { transport: parsed.data };
}

function detectFormat(value: Record<string, unknown>, source: string, hint?: ConfigFormat): ConfigFormat {
  if (hint) return hint;
  const lower = source.toLowerCase();
  if (lower.includes('claude_desktop_config')) return 'claude-desktop';
  if (lower.includes(`${path.sep}.cursor${path.sep}`) || lower.includes('/.cursor/')) return 'cursor';
  if (lower.includes('.vscode') || ('servers' in value && !('mcpServers' in value))) return 'vscode';
  if (lower.includes('.mcp-inspector')) return 'mcp-inspector';
  return 'pasted';
}

/** Parses config text into candidates with labels made unique against the catalog. */
export function parseConfigText(text: string, source: string, existingLabels: readonly string[], hint?: ConfigFormat): ImportPreview {
  if (text.trim() === '') throw new ConfigError(source, 'the file is empty.');
  let value: unknown;
  try {
    value = JSON.parse(stripJsonc(text));
  } catch (error) {
    throw new ConfigError(source, `not valid JSON: ${jsonErrorPosition(stripJsonc(text), error as SyntaxError)}.`);
  }
  if (!isRecord(value)) throw new ConfigError(source, 'the top level must be a JSON object.');
  const format = detectFormat(value, source, hint);
  let servers: Record<string, unknown>;
  if (isRecord(value['mcpServers'])) servers = value['mcpServers'];
  else if (isRecord(value['servers'])) servers = value['servers'];
  else if (isRecord(value['mcp']) && isRecord((value['mcp'] as Record<string, unknown>)['servers'])) servers = (value['mcp'] as Record<string, Record<string, unknown>>)['servers']!;
  else if ('command' in value || 'url' in value) servers = { [typeof value['name'] === 'string' ? value['name'] : 'imported-server']: value };
  else if (Object.values(value).length > 0 && Object.values(value).every((v) => isRecord(v) && ('command' in v || 'url' in v))) servers = value;
  else if ('mcpServers' in value || 'servers' in value) throw new ConfigError(source, `"${'mcpServers' in value ? 'mcpServers' : 'servers'}" must be an object mapping names to server definitions.`);
  else throw new ConfigError(source, 'no servers found: expected an "mcpServers" object (Claude Desktop, Cursor, MCP Inspector) or a "servers" object (VS Code).');

  const taken = [...existingLabels];
  const candidates: ImportCandidate[] = Object.entries(servers).map(([name, def]) => {
    const { transport, error } = toTransport(def);
    const wanted = name.trim() || 'server';
    const conflict = existingLabels.some((l) => l.toLowerCase() === wanted.toLowerCase());
    const suggestedLabel = uniqueLabel(wanted, taken);
    taken.push(suggestedLabel);
    return { name, suggestedLabel, conflict, ...(transport ? { transport } : {}), ...(error ? { error: `${source}, server "${name}": ${error}.` } : {}) };
  });
  return { source, format, candidates };
}

export interface KnownConfig {
  readonly path: string;
  readonly kind: ConfigFormat;
}

/** Where each client keeps its config on this platform (user-level and the current project). */
export function knownConfigFiles(home = os.homedir(), cwd = process.cwd(), platform = process.platform): KnownConfig[] {
  const claude =
    platform === 'darwin'
      ? path.join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json')
      : platform === 'win32'
        ? path.join(process.env['APPDATA'] ?? path.join(home, 'AppData', 'Roaming'), 'Claude', 'claude_desktop_config.json')
        : path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
  return [
    { path: claude, kind: 'claude-desktop' },
    { path: path.join(home, '.cursor', 'mcp.json'), kind: 'cursor' },
    { path: path.join(cwd, '.cursor', 'mcp.json'), kind: 'cursor' },
    { path: path.join(cwd, '.vscode', 'mcp.json'), kind: 'vscode' },
    { path: path.join(home, '.mcp-inspector', 'mcp.json'), kind: 'mcp-inspector' },
  ];
}
