// Names of origins (servers and local folders) for display, and the
// qualified name `<origin label> › <path prefix/>name` the review feature
// uses, so two skills of one name never look the same.
import { useMemo } from 'react';
import { LOCAL_ORIGIN_PREFIX, isLocalOriginId, type HostId } from '../../../../shared/review-model.js';
import { useLocalOrigins } from '../../state/local-origins.js';
import { SERVER_NOT_LISTED, useServers } from '../../state/servers.js';

export function qualifiedName(originLabel: string, name: string, pathPrefix = ''): string {
  return `${originLabel} › ${pathPrefix ? `${pathPrefix}/` : ''}${name}`;
}

/** Every origin's display label by id: servers by the name the user gave them, folders by their path. */
export function useOriginLabels(): ReadonlyMap<string, string> {
  const servers = useServers((s) => s.servers);
  const origins = useLocalOrigins((s) => s.origins);
  return useMemo(() => new Map<string, string>([...servers.map((s) => [s.config.id, s.config.label] as const), ...origins.map((o) => [o.id, o.label] as const)]), [servers, origins]);
}

/** An origin's label from `useOriginLabels`, or, where this window has none, a folder's path or that the server is no longer listed: never its id. */
export function originLabel(labels: ReadonlyMap<string, string>, originId: string): string {
  return labels.get(originId) ?? (isLocalOriginId(originId) ? originId.slice(LOCAL_ORIGIN_PREFIX.length) : SERVER_NOT_LISTED);
}

export const HOST_NAMES: Record<HostId, string> = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  'gemini-cli': 'Gemini CLI',
  goose: 'goose',
  vscode: 'VS Code (GitHub Copilot)',
};

export function hostList(hosts: readonly HostId[]): string {
  return hosts.length === 0 ? 'no agent reads it by default' : hosts.map((h) => HOST_NAMES[h]).join(', ');
}
