import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { StatusBadge } from '../components/StatusBadge.js';
import { skillKey, useCatalog, visibleSkills } from '../state/catalog.js';
import { useSelection } from '../state/selection.js';
import { useServers } from '../state/servers.js';

export function CatalogPane() {
  const skills = useCatalog((s) => s.skills);
  const query = useCatalog((s) => s.query);
  const filters = useCatalog((s) => s.filters);
  const setQuery = useCatalog((s) => s.setQuery);
  const serverId = useServers((s) => s.selectedServerId);
  const selectedKey = useSelection((s) => s.skillKey);
  const openSkill = useSelection((s) => s.openSkill);
  const rows = useMemo(() => visibleSkills(skills, serverId, query, filters), [skills, serverId, query, filters]);
  const parent = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => 58, overscan: 8 });
  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }}>
      <TextInput m="xs" placeholder="Search name and description" value={query} onChange={(e) => setQuery(e.currentTarget.value)} aria-label="Search skills" />
      <div ref={parent} style={{ flex: 1, overflow: 'auto' }} role="listbox" aria-label="Skills">
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm" p="md">
            No skills here yet. Connect a server, or add one from the sidebar.
          </Text>
        ) : (
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const entry = rows[item.index]!;
              const key = skillKey(entry.serverId, entry.uri);
              return (
                <div
                  key={key}
                  className="skill-row"
                  role="option"
                  aria-selected={key === selectedKey}
                  data-selected={key === selectedKey}
                  data-skill-uri={entry.uri}
                  tabIndex={-1}
                  onClick={() => openSkill(key)}
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` }}
                >
                  <Group justify="space-between" wrap="nowrap" gap={6}>
                    <Text size="sm" fw={600} truncate>
                      {entry.pathPrefix ? <Text span c="dimmed" size="sm">{`${entry.pathPrefix}/`}</Text> : null}
                      {entry.name}
                    </Text>
                    <StatusBadge status={entry.status} />
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {entry.description}
                  </Text>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </Stack>
  );
}
