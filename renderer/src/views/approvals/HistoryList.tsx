// Every distinct version of the skill the app has seen the server serve,
// oldest first, with when it was first and last seen; pick any two to compare.
import { Badge, Group, Radio, Table, Text } from '@mantine/core';
import type { SkillHistory, VersionRef } from '../../../../shared/approvals-model.js';
import { shortDigest, when } from './format.js';

export function HistoryList({ history, from, to, onPick }: { history: SkillHistory; from: string | undefined; to: string | undefined; onPick: (from: VersionRef, to: VersionRef) => void }) {
  return (
    <Table withTableBorder fz="xs" verticalSpacing={4} data-history={history.versions.length}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={44}>From</Table.Th>
          <Table.Th w={44}>To</Table.Th>
          <Table.Th>Version</Table.Th>
          <Table.Th>First seen</Table.Th>
          <Table.Th>Last seen</Table.Th>
          <Table.Th w={60}>Seen</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.versions.map((v, i) => {
          const approved = v.fingerprint === history.approvedFingerprint;
          const current = v.fingerprint === history.currentFingerprint;
          return (
            <Table.Tr key={v.fingerprint} data-history-version={v.fingerprint}>
              <Table.Td>
                <Radio size="xs" checked={from === v.fingerprint} onChange={() => onPick(v.fingerprint, to ?? 'current')} aria-label={`Compare from version ${i + 1}`} data-pick="from" />
              </Table.Td>
              <Table.Td>
                <Radio size="xs" checked={to === v.fingerprint} onChange={() => onPick(from ?? 'approved', v.fingerprint)} aria-label={`Compare to version ${i + 1}`} data-pick="to" />
              </Table.Td>
              <Table.Td>
                <Text size="xs" className="mono">
                  {i + 1}. {shortDigest(v.fingerprint)}
                </Text>
                <Group gap={4}>
                  {approved ? (
                    <Badge size="xs" color="green" variant="light">
                      approved
                    </Badge>
                  ) : null}
                  {current ? (
                    <Badge size="xs" color="blue" variant="light">
                      served now
                    </Badge>
                  ) : null}
                  {Array.isArray(v.resources) ? (
                    <Text size="xs" c="dimmed">
                      {v.resources.length} file{v.resources.length === 1 ? '' : 's'}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {v.resources === 'dynamic' ? 'dynamic' : 'invalid entry'}
                    </Text>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{when(v.firstSeen)}</Table.Td>
              <Table.Td>{when(v.lastSeen)}</Table.Td>
              <Table.Td>{v.timesSeen}×</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
