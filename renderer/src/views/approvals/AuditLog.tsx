// The audit log, newest first: every approve, decline, revoke, grant,
// enable and disable, by whom (you, or the app when a change revoked an
// approval) and why — and, for an approval of a version with errors, each
// error the user acknowledged by name. The skill's URI, the reason (it names
// each file or field that changed), the note (it may come from a team
// receipt) and each finding's title and place are a server's words: drawn
// with their invisible and bidi characters as marks.
import { Badge, List, Loader, Table, Text } from '@mantine/core';
import { placeOf } from '../../../../shared/acknowledgements.js';
import { useEffect } from 'react';
import type { AuditAction, AuditEntry } from '../../../../shared/approvals-model.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { UriText } from '../../components/UriText.js';
import { ALL_AUDIT, useApprovals } from '../../state/approvals.js';
import { when } from './format.js';

const ACTION: Record<AuditAction, string> = {
  approve: 'green',
  decline: 'red',
  revoke: 'yellow',
  grant: 'red',
  ungrant: 'gray',
  enable: 'green',
  disable: 'gray',
  forget: 'gray',
};

export function AuditLog({ serverId }: { serverId?: string }) {
  const key = serverId ?? ALL_AUDIT;
  const load = useApprovals((s) => s.audits.get(key));
  const missing = load === undefined;
  useEffect(() => {
    if (missing) void useApprovals.getState().loadAudit(serverId);
  }, [missing, serverId]);
  if (!load || load.state === 'loading') return <Loader size="xs" />;
  if (load.state === 'error') return <ErrorNotice title="The audit log could not be read" message={load.message} onRetry={() => void useApprovals.getState().loadAudit(serverId)} />;
  const { entries, unreadableLines } = load.value;
  if (entries.length === 0) return <Text size="sm" c="dimmed">Nothing yet: every decision about this server's skills will be recorded here.</Text>;
  return (
    <>
      {unreadableLines.length > 0 ? (
        <Text size="xs" c="yellow">
          {unreadableLines.length} unreadable line{unreadableLines.length === 1 ? ' was' : 's were'} skipped.
        </Text>
      ) : null}
      <AuditTable entries={entries} />
    </>
  );
}

/** The entries, newest first: when, what, by whom, and the skill and why. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Table withTableBorder fz="xs" verticalSpacing={3} data-audit-log={entries.length}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={160}>When</Table.Th>
          <Table.Th w={96}>What</Table.Th>
          <Table.Th w={70}>By</Table.Th>
          <Table.Th>Skill and reason</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e, i) => (
          <Table.Tr key={i} data-audit-action={e.action} data-audit-automatic={String(e.automatic)}>
            <Table.Td>{when(e.at)}</Table.Td>
            <Table.Td>
              <Badge size="xs" variant="light" color={ACTION[e.action]}>
                {e.action}
              </Badge>
            </Table.Td>
            <Table.Td>{e.automatic ? 'the app' : 'you'}</Table.Td>
            <Table.Td>
              {e.skillUri ? (
                <Text size="xs" className="mono" style={{ overflowWrap: 'anywhere' }}>
                  <UriText uri={e.skillUri} />
                </Text>
              ) : null}
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                <InvisibleText text={e.reason} />
                {e.note ? (
                  <>
                    {' — note: '}
                    <InvisibleText text={e.note} />
                  </>
                ) : null}
              </Text>
              {e.acknowledged && e.acknowledged.length > 0 ? (
                <List size="xs" spacing={0} data-audit-acknowledged={e.acknowledged.length}>
                  {e.acknowledged.map((a) => (
                    <List.Item key={a.key} data-audit-acknowledgement={a.id}>
                      acknowledged: <InvisibleText text={a.title} />
                      {placeOf(a) ? (
                        <>
                          {' — '}
                          <InvisibleText text={placeOf(a)} identifier />
                        </>
                      ) : null}{' '}
                      <span className="mono">({a.id})</span>
                    </List.Item>
                  ))}
                </List>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
