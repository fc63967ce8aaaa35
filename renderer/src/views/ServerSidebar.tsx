import { Badge, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { ConnectionDot } from '../components/ConnectionDot.js';
import { ALL_SERVERS, useServers } from '../state/servers.js';

export function ServerSidebar() {
  const servers = useServers((s) => s.servers);
  const selected = useServers((s) => s.selectedServerId);
  const select = useServers((s) => s.select);
  const total = servers.reduce((n, s) => n + s.skillCount, 0);
  return (
    <ScrollArea style={{ flex: 1 }}>
      <Stack gap={2} p="xs">
        <div className="server-row" data-selected={selected === ALL_SERVERS} onClick={() => select(ALL_SERVERS)} role="button" tabIndex={0}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              All servers
            </Text>
            <Badge variant="default" size="sm">
              {total}
            </Badge>
          </Group>
        </div>
        {servers.map((server) => (
          <div
            key={server.config.id}
            className="server-row"
            data-selected={selected === server.config.id}
            data-server-label={server.config.label}
            onClick={() => select(server.config.id)}
            role="button"
            tabIndex={0}
          >
            <Group justify="space-between" wrap="nowrap" gap={6}>
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <ConnectionDot status={server.connection.status} />
                <Text size="sm" truncate>
                  {server.config.label}
                </Text>
              </Group>
              <Badge variant="default" size="sm" data-testid="skill-count">
                {server.skillCount}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" pl={15}>
              {server.config.transport.kind}
              {server.connection.era ? ` · ${server.connection.era === 'modern' ? '2026-07-28' : server.connection.protocolVersion ?? 'legacy'}` : ''}
            </Text>
          </div>
        ))}
      </Stack>
    </ScrollArea>
  );
}
