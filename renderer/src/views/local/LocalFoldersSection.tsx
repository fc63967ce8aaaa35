// The sidebar's "Local folders": the skill folders agents on this machine
// read (and folders the user added), each an origin like a server. Choosing
// one lists its skills in the catalog. Folders that do not exist here are
// folded away until asked for.
import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFolderPlus, IconRefresh } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { listKeyHandler } from '../../components/list-keys.js';
import { ALL_LOCAL, useLocalOrigins } from '../../state/local-origins.js';
import { useSelection } from '../../state/selection.js';
import { useServers } from '../../state/servers.js';
import { LocalOriginRow } from './LocalOriginRow.js';
import { LocalDialogs } from './LocalDialogs.js';
import { useLocalDialogs } from './local-dialogs.js';

export function showLocalOrigin(originId: string): void {
  useServers.getState().select(originId);
  useSelection.getState().showCatalog();
}

export function LocalFoldersSection() {
  const origins = useLocalOrigins((s) => s.origins);
  const loaded = useLocalOrigins((s) => s.loaded);
  const loadError = useLocalOrigins((s) => s.loadError);
  const rescanningAll = useLocalOrigins((s) => s.rescanning.has(ALL_LOCAL));
  const selected = useServers((s) => s.selectedServerId);
  const openDialog = useLocalDialogs((s) => s.open);
  const [showMissing, setShowMissing] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const present = origins.filter((o) => o.exists || o.addedByUser);
  const missing = origins.filter((o) => !o.exists && !o.addedByUser);
  const shown = showMissing ? [...present, ...missing] : present;
  const index = shown.findIndex((o) => o.id === selected);
  const onKeyDown = listKeyHandler({
    count: shown.length,
    index,
    onMove: (i) => {
      showLocalOrigin(shown[i]!.id);
      listRef.current?.querySelector<HTMLElement>(`[data-index="${i}"]`)?.focus();
    },
    onEnter: (i) => showLocalOrigin(shown[i]!.id),
  });

  return (
    <Stack gap={0} data-local-folders>
      <Group justify="space-between" px="sm" py={6} className="pane-header" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Local folders
        </Text>
        <Group gap={2}>
          <Tooltip label="Read every folder again" withArrow>
            <ActionIcon variant="subtle" size="sm" aria-label="Read local folders again" loading={rescanningAll} onClick={() => void useLocalOrigins.getState().rescan().catch(() => undefined)} data-action="rescan-local">
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Add a folder of skills or a project" withArrow>
            <ActionIcon variant="subtle" size="sm" aria-label="Add a local folder" onClick={() => openDialog({ kind: 'add' })} data-action="add-local-folder-open">
              <IconFolderPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {loadError ? <ErrorNotice title="Could not read the local skill folders" message={loadError} onRetry={() => void useLocalOrigins.getState().load()} /> : null}
      <div ref={listRef} role="list" aria-label="Local skill folders" onKeyDown={onKeyDown} className="server-list">
        {shown.map((origin, i) => (
          <LocalOriginRow key={origin.id} origin={origin} index={i} selected={selected === origin.id} onChoose={() => showLocalOrigin(origin.id)} />
        ))}
      </div>
      {loaded && present.length === 0 ? (
        <Text size="xs" c="dimmed" px="sm" py={4} data-local-empty>
          None of the folders agents read (~/.claude/skills, ~/.agents/skills, …) is on this computer.{' '}
          <Anchor component="button" type="button" size="xs" onClick={() => openDialog({ kind: 'add' })}>
            Add a folder
          </Anchor>{' '}
          to review its skills.
        </Text>
      ) : null}
      {missing.length > 0 ? (
        <Anchor component="button" type="button" size="xs" c="dimmed" px="sm" py={4} ta="left" onClick={() => setShowMissing(!showMissing)} data-action="toggle-missing-folders">
          {showMissing ? 'Hide the folders that are not on this computer' : `${missing.length} more folder${missing.length === 1 ? '' : 's'} agents read, not on this computer`}
        </Anchor>
      ) : null}
      <LocalDialogs />
    </Stack>
  );
}
