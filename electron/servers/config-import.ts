// Reads the MCP server configs people already have (Claude Desktop, Cursor,
// VS Code, the MCP Inspector, or pasted JSON of any of these shapes) into
// import candidates. Pure parsing here; reading files is in config-locations.
import os from 'node:os';
import path from 'node:path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { MAX_DEPTH } from '../../shared/nesting.js';
import { dataRecord } from '../../shared/data-record.js';
import { transportSchema } from '../../shared/api.js';
import { badEnvName as envNameRefusal, nulIn } from '../../shared/startable-settings.js';
import { HTTP_URL_MESSAGE, isHttpUrl } from '../../shared/http-url.js';
import type { ConfigFormat, ImportCandidate, ImportPreview, TransportConfig } from '../../shared/model.js';
import { tooDeepAt } from '../storage/where-json-stops.js';
import { uniqueLabel } from './unique-label.js';
import { ConfigError } from './config-error.js';
import { resolveVariables, type VariableContext } from './config-variables.js';

export { ConfigError } from './config-error.js';
export { knownConfigFiles, readConfigFile, type KnownConfig } from './config-locations.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "an array", "a string", …: what was found where something else belongs. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `a ${typeof value}`;
}

const PARSE_PROBLEMS: Record<string, string> = {
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name in double quotes was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon (:) was expected',
  CommaExpected: 'a comma (,) is missing',
  CloseBraceExpected: 'a closing brace (}) is missing',
  CloseBracketExpected: 'a closing bracket (]) is missing',
  EndOfFileExpected: 'there is more text after the end of the JSON',
  InvalidCommentToken: 'a malformed comment',
  UnexpectedEndOfComment: 'a comment is not closed',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'a malformed escape (\\) in a string',
  InvalidCharacter: 'a control character inside a string',
};

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/**
 * A parsed value whose objects have no prototype: server names, env names and
 * every other key are data, so a server called "__proto__" is a server (the
 * parser's own objects would make it the prototype) and "toString" is not
 * found where the config does not say it.
 */
function valueOf(node: Node | undefined): unknown {
  if (!node) return undefined;
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  if (node.type !== 'object') return node.value as unknown;
  const out = dataRecord<unknown>();
  const times = new Map<string, number>();
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || typeof key.value !== 'string') continue;
    times.set(key.value, (times.get(key.value) ?? 0) + 1);
    out[key.value] = valueOf(value);
  }
  const repeated = [...times].filter(([, n]) => n > 1);
  if (repeated.length > 0) repeatedKeys.set(out, new Map(repeated));
  return out;
}

/**
 * Keys an object of the parsed config holds more than once, and how many times.
 * The last value is kept, as JSON.parse (and so every client) does; a server
 * whose name is given twice must not lose its first definition silently.
 */
const repeatedKeys = new WeakMap<object, ReadonlyMap<string, number>>();

function parseJsonc(text: string, errors: ParseError[], options: { allowTrailingComma: boolean; disallowComments?: boolean }): unknown {
  return valueOf(parseTree(text, errors, options));
}

/**
 * JSON with comments and trailing commas, as VS Code reads it (the same
 * parser). Throws a ConfigError naming the first problem and its line and column.
 * The parser recurses once per level, so a config of 20,000 open brackets would
 * overflow the stack: the depth is found first by tooDeepAt, whose scanner does not.
 */
function parseText(text: string, source: string, pasted: boolean): unknown {
  const deep = tooDeepAt(text, MAX_DEPTH);
  if (deep >= 0) {
    const { line, column } = lineAndColumn(text, deep);
    throw new ConfigError(source, `it is nested more than ${MAX_DEPTH} levels deep (at line ${line}, column ${column}); no MCP client writes such a config.`);
  }
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (!first) return value;
  // A pasted entry without its enclosing braces ("name": {…}) is still clear enough to read.
  if (pasted && text.trimStart().startsWith('"')) {
    const wrapped: ParseError[] = [];
    const retry: unknown = parseJsonc(`{${text}}`, wrapped, { allowTrailingComma: true });
    if (wrapped.length === 0) return retry;
  }
  const { line, column } = lineAndColumn(text, first.offset);
  const code = printParseErrorCode(first.error);
  let problem = PARSE_PROBLEMS[code] ?? code;
  if (code === 'InvalidSymbol') {
    // The commonest slip in a hand-written config: JavaScript-style keys. A name is quoted; anything else is
    // placed only: a value written without quotes can be a token, and this message reaches logs and CI output.
    if (isBareName(text, first.offset)) {
      const found = text.slice(first.offset, first.offset + Math.min(Math.max(first.length, 1), 40));
      problem = `unexpected text ${JSON.stringify(found)} (property names must be in double quotes)`;
    } else problem = 'unexpected text, not shown here as it may be a secret (a value must be in double quotes)';
  }
  throw new ConfigError(source, `not valid JSON: ${problem} at line ${line}, column ${column}.`);
}

/** Whether the text at `offset` is a property name written without double quotes: after "{" or ",", before ":". */
function isBareName(text: string, offset: number): boolean {
  if (!/^['A-Za-z_$][\w$-]*'?\s*:/.test(text.slice(offset, offset + 200))) return false;
  const before = text.slice(Math.max(0, offset - 200), offset).trimEnd();
  return before === '' || before.endsWith('{') || before.endsWith(',');
}

/** Server types as the clients spell them. */
const TYPES: Record<string, 'stdio' | 'http' | 'sse'> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamablehttp: 'http',
  streamable_http: 'http',
  sse: 'sse',
};

interface EntryOutcome {
  readonly transport?: TransportConfig;
  readonly error?: string;
  readonly warnings: string[];
}

/** Why a value cannot be handed to a process or a server as the config says (a NUL: shared/startable-settings.ts), or undefined. */
function unstartable(value: string, field: string): string | undefined {
  const why = nulIn(value);
  return why === undefined ? undefined : `${field} ${why}`;
}

/** Why `name` cannot be an environment variable's name, or undefined: the form and the contract refuse it in the same words. */
function badEnvName(name: string): string | undefined {
  const why = envNameRefusal(name);
  return why === undefined ? undefined : `env.${why}`;
}

/** A string → string map from `env` or `headers`; numbers and booleans are written as text, anything else is an error. */
function stringMap(value: unknown, field: string): { map: Record<string, string>; error?: string } {
  if (value === undefined || value === null) return { map: {} };
  if (!isRecord(value)) return { map: {}, error: `"${field}" must be an object of names and values; found ${kindOf(value)}` };
  const map = dataRecord<string>();
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return { map: {}, error: `${field}.${k} must be text; found ${kindOf(v)}` };
    const error = (field === 'env' ? badEnvName(k) : undefined) ?? unstartable(String(v), `${field}.${k}`);
    if (error !== undefined) return { map: {}, error };
    map[k] = String(v);
  }
  return { map };
}

/** One server definition, in any of the known shapes, to a transport — or why not. */
export function toTransport(def: unknown, context: VariableContext = { inputs: new Map() }): EntryOutcome {
  const warnings: string[] = [];
  if (!isRecord(def)) return { error: `the entry must be an object; found ${kindOf(def)}`, warnings };
  for (const [field, times] of repeatedKeys.get(def) ?? []) warnings.push(`"${field}" is given ${times} times in this server; the last is used, as the clients that read the file do.`);
  const rawType = def['type'];
  if (rawType !== undefined && typeof rawType !== 'string') return { error: `"type" must be text; found ${kindOf(rawType)}`, warnings };
  // Own keys only: "constructor" or "toString" is not a type.
  const type = rawType === undefined || !Object.hasOwn(TYPES, rawType.toLowerCase()) ? undefined : TYPES[rawType.toLowerCase()];
  if (rawType !== undefined && !type) return { error: `its type "${rawType}" is not one Skill Inspector connects with (stdio, http or sse)`, warnings };
  if (def['disabled'] === true) warnings.push('It is disabled in its config file.');
  // Parsed objects have no prototype, so String() of one throws: say what it is instead.
  const envFile = def['envFile'];
  if (envFile !== undefined) warnings.push(`envFile (${typeof envFile === 'string' ? envFile : kindOf(envFile)}) is not read; add the variables it sets to the server's environment after import.`);

  const urlKey = def['url'] !== undefined ? 'url' : def['serverUrl'] !== undefined ? 'serverUrl' : undefined;
  const hasCommand = def['command'] !== undefined;
  const kind = type ?? (hasCommand ? 'stdio' : urlKey ? undefined : null);
  if (kind === null) return { error: 'it has neither a "command" (a program to start) nor a "url" (an HTTP or SSE endpoint)', warnings };
  if (type === undefined && hasCommand && urlKey) warnings.push(`It has both a "command" and a "${urlKey}"; the command is used.`);

  const fill = (value: string, field: string): string => {
    const resolved = resolveVariables(value, field, context);
    warnings.push(...resolved.warnings);
    return resolved.value;
  };

  let candidate: unknown;
  if (kind === 'stdio') {
    const command = def['command'];
    if (command === undefined) return { error: 'its type is "stdio" but it has no "command"', warnings };
    if (typeof command !== 'string') return { error: `"command" must be text; found ${kindOf(command)}`, warnings };
    const nulInCommand = unstartable(command, 'command');
    if (nulInCommand) return { error: nulInCommand, warnings };
    const rawArgs = def['args'] ?? [];
    if (!Array.isArray(rawArgs)) return { error: `"args" must be an array of strings; found ${kindOf(rawArgs)}`, warnings };
    const args: string[] = [];
    for (const [i, a] of rawArgs.entries()) {
      if (typeof a !== 'string' && typeof a !== 'number' && typeof a !== 'boolean') return { error: `args[${i}] must be text; found ${kindOf(a)}`, warnings };
      const nulInArg = unstartable(String(a), `args[${i}]`);
      if (nulInArg) return { error: nulInArg, warnings };
      args.push(fill(String(a), `args[${i}]`));
    }
    const env = stringMap(def['env'], 'env');
    if (env.error) return { error: env.error, warnings };
    const cwd = def['cwd'];
    if (cwd !== undefined && typeof cwd !== 'string') return { error: `"cwd" must be text; found ${kindOf(cwd)}`, warnings };
    const nulInCwd = cwd === undefined ? undefined : unstartable(cwd, 'cwd');
    if (nulInCwd) return { error: nulInCwd, warnings };
    candidate = {
      kind: 'stdio',
      command: fill(command, 'command'),
      args,
      env: Object.fromEntries(Object.entries(env.map).map(([k, v]) => [k, fill(v, `env.${k}`)])),
      ...(cwd ? { cwd: fill(cwd, 'cwd') } : {}),
    };
  } else {
    const url = urlKey ? def[urlKey] : undefined;
    if (url === undefined) return { error: `its type is "${rawType}" but it has no "url"`, warnings };
    if (typeof url !== 'string') return { error: `"${urlKey}" must be text; found ${kindOf(url)}`, warnings };
    const headers = stringMap(def['headers'], 'headers');
    if (headers.error) return { error: headers.error, warnings };
    const filledUrl = fill(url, urlKey ?? 'url');
    // The contract's URL check (shared/http-url.ts) first: a URL that fails it gets that message alone.
    if (!isHttpUrl(filledUrl)) return { error: `url: ${HTTP_URL_MESSAGE}`, warnings };
    // Without a type, a URL whose path ends in /sse is the legacy SSE transport by convention.
    const resolvedKind = kind ?? (/\/sse\/?$/i.test(filledUrl.split(/[?#]/, 1)[0] ?? '') ? 'sse' : 'http');
    candidate = {
      kind: resolvedKind,
      url: filledUrl,
      headers: Object.fromEntries(Object.entries(headers.map).map(([k, v]) => [k, fill(v, `headers.${k}`)])),
    };
  }
  const parsed = transportSchema.safeParse(candidate);
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`).join('; '), warnings };
  return { transport: parsed.data, warnings };
}

/** Fields only the MCP Inspector writes in its catalog. */
const INSPECTOR_FIELDS = ['protocolEra', 'modernLogLevel', 'requestTimeout', 'connectionTimeout', 'oauth', 'maxFetchRequests', 'taskTtl'];

function detectFormat(value: Record<string, unknown>, servers: Record<string, unknown>, source: string, hint?: ConfigFormat): ConfigFormat {
  if (hint) return hint;
  const p = source.replace(/\\/g, '/').toLowerCase();
  if (p.endsWith('/claude_desktop_config.json') || p === 'claude_desktop_config.json') return 'claude-desktop';
  if (p.includes('/.cursor/')) return 'cursor';
  if (p.includes('/.vscode/') || p.includes('/code/user/')) return 'vscode';
  if (p.includes('/.mcp-inspector/')) return 'mcp-inspector';
  if (!isRecord(value['mcpServers'])) return 'vscode';
  const inspectorish = Object.values(servers).some(
    (d) => isRecord(d) && ((typeof d['type'] === 'string' && d['type'].toLowerCase() === 'streamable-http') || INSPECTOR_FIELDS.some((f) => f in d)),
  );
  return inspectorish ? 'mcp-inspector' : 'claude-desktop';
}

/** The server map of any known shape, or a ConfigError saying what was expected. */
function serversOf(value: Record<string, unknown>, source: string): Record<string, unknown> {
  for (const key of ['mcpServers', 'servers'] as const) {
    if (key in value) {
      const servers = value[key];
      if (!isRecord(servers)) throw new ConfigError(source, `"${key}" must be an object mapping each server's name to its definition; found ${kindOf(servers)}.`);
      return servers;
    }
  }
  const mcp = value['mcp'];
  if (isRecord(mcp) && 'servers' in mcp) {
    if (!isRecord(mcp['servers'])) throw new ConfigError(source, `"mcp.servers" must be an object mapping each server's name to its definition; found ${kindOf(mcp['servers'])}.`);
    return mcp['servers'];
  }
  // A single definition, pasted on its own.
  if ('command' in value || 'url' in value || 'serverUrl' in value) return { [typeof value['name'] === 'string' && value['name'] ? value['name'] : 'imported-server']: value };
  // A bare name → definition map, as copied from inside "mcpServers".
  const entries = Object.values(value);
  if (entries.length > 0 && entries.every((v) => isRecord(v) && ('command' in v || 'url' in v || 'serverUrl' in v))) return value;
  throw new ConfigError(source, 'no servers found: expected an "mcpServers" object (Claude Desktop, Cursor, MCP Inspector) or a "servers" object (VS Code).');
}

/** What is said when the object that maps the servers is given more than once: the earlier ones are not read. */
function repeatedServerMaps(value: Record<string, unknown>): string | undefined {
  const key = 'mcpServers' in value ? 'mcpServers' : 'servers' in value ? 'servers' : isRecord(value['mcp']) ? 'mcp' : undefined;
  if (key === undefined) return undefined;
  const times = Math.max(repeatedKeys.get(value)?.get(key) ?? 1, key === 'mcp' ? (repeatedKeys.get(value['mcp'] as object)?.get('servers') ?? 1) : 1);
  const name = key === 'mcp' ? 'mcp.servers' : key;
  return times > 1 ? `"${name}" is given ${times} times in this file; only the last is read, as the clients that read the file do: a server named only in an earlier one is not imported.` : undefined;
}

function inputsOf(value: Record<string, unknown>): Map<string, string | undefined> {
  const inputs = new Map<string, string | undefined>();
  const list = value['inputs'] ?? (isRecord(value['mcp']) ? value['mcp']['inputs'] : undefined);
  if (Array.isArray(list)) {
    for (const input of list) {
      if (isRecord(input) && typeof input['id'] === 'string') inputs.set(input['id'], typeof input['description'] === 'string' ? input['description'] : undefined);
    }
  }
  return inputs;
}

/** The project folder of a project config (`<folder>/.vscode/mcp.json`, `<folder>/.cursor/mcp.json`). */
function workspaceFolderOf(source: string): string | undefined {
  const dir = path.dirname(source);
  return ['.vscode', '.cursor'].includes(path.basename(dir)) && path.isAbsolute(source) ? path.dirname(dir) : undefined;
}

/**
 * One import adds at most this many servers (the contract's servers.importApply
 * takes no more). A longer list is refused before any work: each name is made
 * unique against all before it, so 250,000 pasted names froze the app for hours.
 */
export const MAX_IMPORT_SERVERS = 1000;

export interface ParseOptions {
  /** The home folder for `${userHome}` (this user's, unless a test says otherwise). */
  readonly home?: string;
}

/** Parses config text into candidates with labels made unique against the catalog. */
export function parseConfigText(text: string, source: string, existingLabels: readonly string[], hint?: ConfigFormat, options: ParseOptions = {}): ImportPreview {
  const pasted = hint === 'pasted';
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new ConfigError(source, pasted ? 'nothing was pasted.' : 'the file is empty.');
  const value = parseText(body, source, pasted);
  if (!isRecord(value)) throw new ConfigError(source, `the top level must be a JSON object with "mcpServers" or "servers"; found ${kindOf(value)}.`);
  const servers = serversOf(value, source);
  const count = Object.keys(servers).length;
  if (count > MAX_IMPORT_SERVERS) throw new ConfigError(source, `it lists ${count} servers; at most ${MAX_IMPORT_SERVERS} are read from one config (one import adds no more). Split it into smaller configs.`);
  const format = detectFormat(value, servers, source, hint);
  const workspaceFolder = pasted ? undefined : workspaceFolderOf(source);
  const context: VariableContext = {
    home: options.home ?? os.homedir(),
    ...(workspaceFolder ? { workspaceFolder } : {}),
    inputs: inputsOf(value),
  };

  const taken = [...existingLabels];
  const maps = repeatedServerMaps(value);
  const candidates: ImportCandidate[] = Object.entries(servers).map(([name, def]) => {
    const { transport, error, warnings } = toTransport(def, context);
    const times = repeatedKeys.get(servers)?.get(name);
    if (times !== undefined) warnings.unshift(`"${name}" is defined ${times} times in this file; the last definition is used, as the clients that read the file do.`);
    if (maps !== undefined) warnings.unshift(maps);
    const wanted = name.trim() || 'server';
    const conflict = taken.some((l) => l.toLowerCase() === wanted.toLowerCase());
    const suggestedLabel = uniqueLabel(wanted, taken);
    taken.push(suggestedLabel);
    return {
      name,
      suggestedLabel,
      conflict,
      ...(transport ? { transport } : {}),
      ...(error ? { error: `${source}, server "${name}": ${error}.` } : {}),
      ...(transport && warnings.length > 0 ? { warnings } : {}),
    };
  });
  return { source, format, candidates };
}
