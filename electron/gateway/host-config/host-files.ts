// Which host config files the gateway can be added to: the places the import
// already reads (servers/config-locations.ts) plus Claude Code's two files,
// each with the key its host keeps servers under and the entry shape it reads.
import path from 'node:path';
import { HOST_IDS, type HostId } from '../../../shared/gateway-model.js';
import { knownConfigFiles, thisMachine, type ConfigPlaces } from '../../servers/config-locations.js';

export type { HostId } from '../../../shared/gateway-model.js';

/** How a host spells a stdio server: Claude Desktop and Cursor take command/args/env, Claude Code adds `type`, VS Code keeps them under `servers` with `type`. */
export type EntryShape = 'plain' | 'typed';

export interface HostFile {
  readonly host: HostId;
  /** In the user's words: "Claude Code (this project)". */
  readonly title: string;
  readonly path: string;
  /** The object the host keeps its servers in. */
  readonly serversKey: 'mcpServers' | 'servers';
  readonly shape: EntryShape;
  readonly scope: 'user' | 'project';
}

const TITLES: Record<HostId, string> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code-user': 'Claude Code (every project)',
  'claude-code-project': 'Claude Code (this project)',
  'cursor-user': 'Cursor (every project)',
  'cursor-project': 'Cursor (this project)',
  'vscode-user': 'VS Code (every workspace)',
  'vscode-project': 'VS Code (this workspace)',
};

/** Every host file on this machine (or the given places), in HOST_IDS order. */
export function hostFiles(places: ConfigPlaces = thisMachine()): HostFile[] {
  const join = places.platform === 'win32' ? path.win32.join : path.posix.join;
  const known = knownConfigFiles(places);
  // The import lists each client's user file first and its project file last.
  const find = (kind: string, project: boolean) => {
    const found = known.filter((k) => k.kind === kind);
    const pick = project ? found.at(-1) : found[0];
    if (!pick) throw new Error(`No known ${kind} config location.`);
    return pick.path;
  };
  const paths: Record<HostId, string> = {
    'claude-desktop': find('claude-desktop', false),
    // Claude Code: `claude mcp add --scope user` writes ~/.claude.json's mcpServers; project servers live in .mcp.json.
    'claude-code-user': join(places.home, '.claude.json'),
    'claude-code-project': join(places.cwd, '.mcp.json'),
    'cursor-user': find('cursor', false),
    'cursor-project': find('cursor', true),
    'vscode-user': find('vscode', false),
    'vscode-project': find('vscode', true),
  };
  return HOST_IDS.map((host) => ({
    host,
    title: TITLES[host],
    path: paths[host],
    serversKey: host.startsWith('vscode') ? 'servers' : 'mcpServers',
    shape: host.startsWith('vscode') || host.startsWith('claude-code') ? 'typed' : 'plain',
    scope: host.endsWith('-project') ? 'project' : 'user',
  }));
}

export function hostFile(host: HostId, places?: ConfigPlaces): HostFile {
  const found = hostFiles(places).find((h) => h.host === host);
  if (!found) throw new Error(`Unknown host ${host}.`);
  return found;
}
