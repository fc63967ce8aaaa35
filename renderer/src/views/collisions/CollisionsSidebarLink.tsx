// The sidebar's way to the Collisions view: below the origins whose names clash.
import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSplit2 } from '@tabler/icons-react';
import { clashCount, useCollisions } from '../../state/collisions.js';
import { useSelection } from '../../state/selection.js';

export function CollisionsSidebarLink() {
  const count = useCollisions((s) => clashCount(s.report));
  const active = useSelection((s) => s.view === 'collisions');
  return (
    <UnstyledButton className="server-row" data-selected={active} onClick={() => useSelection.getState().showCollisions()} data-action="sidebar-collisions" style={{ display: 'block', width: '100%', borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Group gap={6} wrap="nowrap">
          <IconArrowsSplit2 size={14} aria-hidden />
          <Text size="sm" fw={active ? 600 : 500}>
            Name collisions
          </Text>
        </Group>
        <Badge variant={count > 0 ? 'light' : 'default'} color={count > 0 ? 'yellow' : 'gray'} size="sm" data-clash-count={count}>
          {count}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" pl={20}>
        Same or lookalike names across every origin
      </Text>
    </UnstyledButton>
  );
}
