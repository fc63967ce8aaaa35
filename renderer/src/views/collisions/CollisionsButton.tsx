// The header's way to the Collisions view, with how many clashes there are.
import { Badge, Button, Tooltip } from '@mantine/core';
import { IconArrowsSplit2 } from '@tabler/icons-react';
import { clashCount, useCollisions } from '../../state/collisions.js';
import { useSelection } from '../../state/selection.js';

export function CollisionsButton() {
  const count = useCollisions((s) => clashCount(s.report));
  const active = useSelection((s) => s.view === 'collisions');
  return (
    <Tooltip label="Skills that share a name or look alike, across servers and local folders" withArrow>
      <Button
        size="compact-sm"
        variant={active ? 'light' : 'default'}
        leftSection={<IconArrowsSplit2 size={14} />}
        rightSection={count > 0 ? <Badge size="xs" color="yellow" variant="filled" circle={count < 10}>{count}</Badge> : null}
        onClick={() => useSelection.getState().showCollisions()}
        data-action="header-collisions"
        data-clash-count={count}
      >
        Collisions
      </Button>
    </Tooltip>
  );
}
