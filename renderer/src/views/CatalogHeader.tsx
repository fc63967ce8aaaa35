// Above the catalog: which server (or all), its state in words, and what can
// be done with it from here.
import { ActionIcon, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconChecklist, IconDots, IconFileSearch, IconInfoCircle, IconListDetails, IconRefresh } from '@tabler/icons-react';
import { memo } from 'react';
import type { ServerView } from '../../../shared/model.js';
import { ConnectionDot } from '../components/ConnectionDot.js';
import { useVerify } from '../state/verify.js';
import { serverActions } from './server-actions.js';
import { ReviewAllButton } from './review/ReviewAllButton.js';
import { InvisibleText } from '../components/InvisibleText.js';
import { shownName } from '../components/shown-text.js';

// Memoised: the catalog renders at every keystroke in its search box, and nothing here depends on the search.
export const CatalogHeader = memo(function CatalogHeader({ server }: { server: ServerView | undefined }) {
  const running = useVerify((s) => s.job?.state === 'running');
  if (!server) {
    return (
      <Group justify="space-between" px="sm" py={6} className="pane-header" wrap="nowrap">
        <Text size="sm" fw={700}>
          All skills
        </Text>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Load a skill by its URI" withArrow>
            <ActionIcon variant="subtle" size="sm" aria-label="Load a skill by URI" onClick={() => serverActions.loadByUri()}>
              <IconFileSearch size={16} />
            </ActionIcon>
          </Tooltip>
          <Button size="compact-xs" variant="light" leftSection={<IconChecklist size={14} />} onClick={() => serverActions.verifyAll()} disabled={running} data-action="verify-all">
            Verify all
          </Button>
          <ReviewAllButton />
        </Group>
      </Group>
    );
  }
  const id = server.config.id;
  const connected = server.connection.status === 'connected';
  return (
    // The label keeps at least a readable width: when the actions leave less, they move to a second line.
    <Group justify="space-between" px="sm" py={6} style={{ rowGap: 4 }} className="pane-header" wrap="wrap" data-catalog-server={server.config.label}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: '9rem', flex: '1 1 9rem' }}>
        <ConnectionDot status={server.connection.status} />
        <Text size="sm" fw={700} truncate title={shownName(server.config.label)} data-catalog-server-label>
          <InvisibleText text={server.config.label} identifier />
        </Text>
      </Group>
      <Group gap={2} wrap="nowrap" ml="auto">
        <Tooltip label="List skills again (reads no file)" withArrow>
          <ActionIcon variant="subtle" size="sm" aria-label="Refresh the listing" disabled={!connected} onClick={() => serverActions.refresh(id)}>
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Server overview" withArrow>
          <ActionIcon variant="subtle" size="sm" aria-label="Server overview" onClick={() => serverActions.overview(id)} data-action="server-overview">
            <IconInfoCircle size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Protocol log" withArrow>
          <ActionIcon variant="subtle" size="sm" aria-label="Protocol log" onClick={() => serverActions.log(id)} data-action="protocol-log">
            <IconListDetails size={16} />
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" size="sm" aria-label="More server actions">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => serverActions.loadByUri(id)}>Load a skill by URI…</Menu.Item>
            {connected ? <Menu.Item onClick={() => serverActions.reconnect(id)}>Reconnect</Menu.Item> : <Menu.Item onClick={() => serverActions.connect(id)}>Connect</Menu.Item>}
            {connected ? <Menu.Item onClick={() => serverActions.disconnect(id)}>Disconnect</Menu.Item> : null}
            <Menu.Item onClick={() => serverActions.edit(id)}>Edit…</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button size="compact-xs" variant="light" leftSection={<IconChecklist size={14} />} onClick={() => serverActions.verifyAll(id)} disabled={!connected || running} data-action="verify-all">
          Verify all
        </Button>
        <ReviewAllButton serverId={id} disabled={!connected} />
      </Group>
    </Group>
  );
});
