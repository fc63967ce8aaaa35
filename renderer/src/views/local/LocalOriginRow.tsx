// One local skills folder in the sidebar: its path, what it is, how many
// skills it holds and its worst finding; rescan and remove in its menu.
import { ActionIcon, Badge, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconDots, IconFolder, IconFolderOff } from '@tabler/icons-react';
import type { LocalOrigin } from '../../../../shared/review-model.js';
import { WorstFinding } from '../../components/SeverityBadge.js';
import { SidebarOption } from '../../components/SidebarOption.js';
import { useLocalOrigins } from '../../state/local-origins.js';
import { useLocalDialogs } from './local-dialogs.js';
import { hostList } from './origin-labels.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { shownName } from '../../components/shown-text.js';

export function LocalOriginRow({ origin, index, selected, onChoose }: { origin: LocalOrigin; index: number; selected: boolean; onChoose: () => void }) {
  const rescanning = useLocalOrigins((s) => s.rescanning.has(origin.id));
  const openDialog = useLocalDialogs((s) => s.open);
  const status = origin.error ? origin.error : !origin.exists ? 'not on this computer' : origin.truncated ? 'scan stopped at a limit; some files or skills were not read' : origin.description;
  return (
    <SidebarOption
      actions={
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" size="xs" tabIndex={selected ? 0 : -1} aria-label={`Actions for ${shownName(origin.label)}`} onClick={(e) => e.stopPropagation()} loading={rescanning} data-local-menu>
              <IconDots size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item onClick={onChoose}>Show its skills</Menu.Item>
            <Menu.Item onClick={() => void useLocalOrigins.getState().rescan(origin.id).catch(() => undefined)} data-action="rescan-folder">
              Read again
            </Menu.Item>
            {origin.addedByUser ? (
              <>
                <Menu.Divider />
                <Menu.Item color="red" onClick={() => openDialog({ kind: 'remove', origin })} data-action="remove-folder">
                  Remove from the list…
                </Menu.Item>
              </>
            ) : (
              <Menu.Label>Agents read this folder by default: it stays in the list.</Menu.Label>
            )}
          </Menu.Dropdown>
        </Menu>
      }
      index={index}
      selected={selected}
      onChoose={onChoose}
      data={{ 'data-local-origin': origin.id, 'data-local-label': origin.label, 'data-exists': origin.exists }}
    >
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {origin.exists ? <IconFolder size={14} aria-hidden style={{ flex: '0 0 auto' }} /> : <IconFolderOff size={14} aria-hidden style={{ flex: '0 0 auto', opacity: 0.5 }} />}
          <Tooltip label={`${shownName(origin.path)} — read by ${hostList(origin.hosts)}`} withArrow openDelay={400} multiline maw={320}>
            <Text size="sm" truncate fw={selected ? 600 : 500} c={origin.exists ? undefined : 'dimmed'} className="mono">
              <InvisibleText text={origin.label} identifier />
            </Text>
          </Tooltip>
        </Group>
        <Group gap={4} wrap="nowrap">
          <WorstFinding severity={origin.worstSeverity} />
          <Badge variant="default" size="sm" data-testid="local-skill-count" style={{ flex: '0 0 auto', overflow: 'visible' }}>
            {origin.skillCount.toLocaleString()}
          </Badge>
        </Group>
      </Group>
      <Text size="xs" c={origin.error ? 'red' : origin.truncated ? 'yellow' : 'dimmed'} pl={20} truncate>
        <InvisibleText text={status} />
      </Text>
    </SidebarOption>
  );
}
