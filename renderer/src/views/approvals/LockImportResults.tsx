// A lockfile compared with what the connected servers list now: one row per
// locked skill — matches, differs (and exactly how), missing, or its server
// is not connected. Nothing is approved by this: "Review" opens the review.
import { Alert, Anchor, Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';
import type { LockDrift, LockImportResult, LockedSkillStatus } from '../../../../shared/api-approvals.js';
import { ApprovalBadge } from '../../components/ApprovalBadge.js';
import { useApprovals } from '../../state/approvals.js';
import { useCatalog } from '../../state/catalog.js';
import { skillKey } from '../../state/keys.js';
import { useSelection } from '../../state/selection.js';
import { bytes } from './format.js';
import { InvisibleText } from '../../components/InvisibleText.js';

const STATUS: Record<LockedSkillStatus, { color: string; word: string }> = {
  matches: { color: 'green', word: 'matches' },
  differs: { color: 'yellow', word: 'differs' },
  missing: { color: 'red', word: 'missing' },
  'server-not-connected': { color: 'gray', word: 'server not connected' },
};

export function LockImportResults({ result }: { result: LockImportResult }) {
  const skills = useCatalog((s) => s.skills);
  const c = result.counts;
  return (
    <Stack gap="xs" data-lock-import={result.file}>
      <Alert color="blue" variant="light" icon={<IconFileCheck size={18} />} p="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            <b>{result.file}</b>: {c.matches} match, {c.differs} differ, {c.missing} missing, {c['server-not-connected']} on servers not connected. Nothing was approved: approval only comes from reviewing the bytes.
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => useApprovals.getState().dismissLockImport()}>
            Close
          </Button>
        </Group>
      </Alert>
      <Table withTableBorder fz="xs" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Server</Table.Th>
            <Table.Th w={230}>Skill</Table.Th>
            <Table.Th>Compared with the listing</Table.Th>
            <Table.Th w={180}>Your decision</Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.skills.map((s) => {
            const key = s.serverId ? skillKey(s.serverId, s.skillUri) : undefined;
            const known = key !== undefined && skills.has(key);
            return (
              <Table.Tr key={`${s.serverLabel}\n${s.skillUri}`} data-locked-skill={s.skillUri} data-lock-status={s.status}>
                <Table.Td>
                  <InvisibleText text={s.serverLabel} identifier />
                </Table.Td>
                <Table.Td>
                  <Text size="xs" fw={600}>
                    {s.name || '(no name)'}
                  </Text>
                  <Text size="xs" className="mono" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {s.skillUri}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Badge size="xs" variant="light" color={STATUS[s.status].color}>
                      {STATUS[s.status].word}
                    </Badge>
                    <Text size="xs">{s.detail}</Text>
                    {s.drift ? <DriftDetail drift={s.drift} /> : null}
                  </Stack>
                </Table.Td>
                <Table.Td>{s.approval === 'none' ? <Text size="xs" c="dimmed">not reviewed</Text> : <ApprovalBadge approval={s.approval} size="xs" />}</Table.Td>
                <Table.Td>
                  {known && key && (s.status === 'matches' || s.status === 'differs') ? (
                    <Anchor component="button" type="button" size="xs" onClick={() => useSelection.getState().openSkill(key, 'review')} data-action="review-locked">
                      Review
                    </Anchor>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function DriftDetail({ drift }: { drift: LockDrift }) {
  return (
    <Stack gap={0} data-lock-drift>
      {drift.lock.name !== drift.server.name ? (
        <Text size="xs">
          name: lock <Code>{drift.lock.name}</Code>, server <Code>{drift.server.name}</Code>
        </Text>
      ) : null}
      {drift.filesAdded.map((f) => (
        <Text size="xs" key={`a${f.uri}`} className="mono">
          + {f.uri} ({bytes(f.size)})
        </Text>
      ))}
      {drift.filesRemoved.map((f) => (
        <Text size="xs" key={`r${f.uri}`} className="mono">
          − {f.uri}
        </Text>
      ))}
      {drift.filesChanged.map((f) => (
        <Text size="xs" key={`c${f.uri}`} className="mono" style={{ overflowWrap: 'anywhere' }}>
          ~ {f.uri}: lock {f.lock.digest} ({bytes(f.lock.size)}) → server {f.server.digest} ({bytes(f.server.size)})
        </Text>
      ))}
    </Stack>
  );
}
