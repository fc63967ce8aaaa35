// Every distinct version of the skill the app has seen the server serve,
// oldest first, with when it was first and last seen; pick any two to compare.
// The version the server lists now is "served now" only while what it served
// matched the listing: when its last reads got other bytes, it says so.
import { Badge, Group, Radio, Table, Text } from '@mantine/core';
import type { SkillHistory, VersionRef } from '../../../../shared/approvals-model.js';
import { shownName } from '../../components/shown-text.js';
import { shortDigest, when } from './format.js';

/** `servedOther`: the paths of the files whose last read failed its check (other bytes than listed, or none). */
export function HistoryList({ history, from, to, onPick, servedOther = [] }: { history: SkillHistory; from: string | undefined; to: string | undefined; onPick: (from: VersionRef, to: VersionRef) => void; servedOther?: readonly string[] }) {
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
                  {current ? <CurrentBadge servedOther={servedOther} /> : null}
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

/** The version listed now: served, or listed only, with the files served otherwise named on hover. */
function CurrentBadge({ servedOther }: { servedOther: readonly string[] }) {
  if (servedOther.length === 0) {
    return (
      <Badge size="xs" color="blue" variant="light" data-history-current="served">
        served now
      </Badge>
    );
  }
  const tip = `The server lists this version now, but the bytes it served for ${servedOther.map(shownName).join(', ')} are not the ones listed (Checks shows each file as served).`;
  return (
    <Badge size="xs" color="red" variant="light" title={tip} data-history-current="served-other">
      listed now — served bytes differ
    </Badge>
  );
}
