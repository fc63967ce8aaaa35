// One skill in the catalog list: path prefix and name, status in words and
// colour, the description, and its finding counts.
import { Group, Text } from '@mantine/core';
import { memo } from 'react';
import type { SkillEntry } from '../../../shared/model.js';
import { ApprovalBadge } from '../components/ApprovalBadge.js';
import { SeverityBadge } from '../components/SeverityBadge.js';
import { LegacyBadge, StatusBadge } from '../components/StatusBadge.js';
import { LocalStatusBadge } from './local/LocalStatusBadge.js';

interface SkillRowProps {
  id: string;
  entry: SkillEntry;
  selected: boolean;
  active: boolean;
  serverLabel: string | undefined;
  /** The same function for every row and render, so a row whose props did not change is not rendered again. */
  onOpen: (entry: SkillEntry) => void;
  /** Where the virtual list places the row. */
  top: number;
  height: number;
}

export const SkillRow = memo(function SkillRow({ id, entry, selected, active, serverLabel, onOpen, top, height }: SkillRowProps) {
  return (
    <div
      id={id}
      className="skill-row"
      role="option"
      aria-selected={selected}
      data-selected={selected}
      data-active={active}
      data-skill-uri={entry.uri}
      data-skill-name={entry.name}
      onClick={() => onOpen(entry)}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height, transform: `translateY(${top}px)` }}
    >
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Group gap={4} wrap="nowrap" style={{ flex: '1 1 0', minWidth: 0 }}>
          {serverLabel ? (
            // The qualified name: origin label › name. The label gives way first when space is short.
            <Text span c="dimmed" size="sm" truncate style={{ flex: '0 1000 auto', minWidth: '3em' }} data-origin-label>
              {serverLabel}
            </Text>
          ) : null}
          {serverLabel ? (
            <Text span c="dimmed" size="sm" style={{ flex: '0 0 auto' }} aria-hidden>
              ›
            </Text>
          ) : null}
          <Text size="sm" fw={600} truncate style={{ minWidth: 0, flex: '0 1 auto' }}>
            {entry.pathPrefix ? (
              <Text span c="dimmed" size="sm" fw={400}>
                {`${entry.pathPrefix}/`}
              </Text>
            ) : null}
            {entry.name}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flex: '0 0 auto' }}>
          {entry.errorCount > 0 ? <SeverityBadge severity="error" count={entry.errorCount} size="xs" /> : null}
          {entry.errorCount === 0 && entry.warningCount > 0 ? <SeverityBadge severity="warning" count={entry.warningCount} size="xs" /> : null}
          {entry.legacyForm ? <LegacyBadge form={entry.legacyForm} size="xs" /> : null}
          <ApprovalBadge approval={entry.approval} size="xs" />
          {entry.source === 'local' ? <LocalStatusBadge status={entry.status} size="xs" /> : <StatusBadge status={entry.status} size="xs" />}
        </Group>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Text size="xs" c="dimmed" truncate style={{ minWidth: 0 }}>
          {entry.description}
        </Text>
      </Group>
    </div>
  );
});
