// Above the catalog when a local folder is chosen: its path, what it is and
// which agents read it; read it again, or remove it when the user added it.
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFolder, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { LocalOrigin } from '../../../../shared/review-model.js';
import { CopyIcon } from '../../components/JsonView.js';
import { useLocalOrigins } from '../../state/local-origins.js';
import { useLocalDialogs } from './local-dialogs.js';
import { hostList } from './origin-labels.js';
import { SkippedList } from './SkippedList.js';
import { InvisibleText } from '../../components/InvisibleText.js';

export function LocalCatalogHeader({ origin }: { origin: LocalOrigin }) {
  const rescanning = useLocalOrigins((s) => s.rescanning.has(origin.id));
  const openDialog = useLocalDialogs((s) => s.open);
  return (
    <Stack gap={0} px="sm" py={6} className="pane-header" data-catalog-local={origin.label}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFolder size={16} aria-hidden style={{ flex: '0 0 auto' }} />
          <Text size="sm" fw={700} truncate className="mono">
            <InvisibleText text={origin.label} identifier />
          </Text>
          <CopyIcon value={origin.path} label="Copy the folder's path" />
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Read the folder again" withArrow>
            <ActionIcon variant="subtle" size="sm" aria-label="Read the folder again" loading={rescanning} onClick={() => void useLocalOrigins.getState().rescan(origin.id).catch(() => undefined)} data-action="rescan-folder">
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          {origin.addedByUser ? (
            <Tooltip label="Remove from the list (nothing on disk changes)" withArrow>
              <ActionIcon variant="subtle" size="sm" color="red" aria-label="Remove the folder from the list" onClick={() => openDialog({ kind: 'remove', origin })} data-action="remove-folder">
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" truncate>
          <InvisibleText text={origin.description} /> · read by {hostList(origin.hosts)}
        </Text>
        <SkippedList origin={origin} />
      </Group>
    </Stack>
  );
}
