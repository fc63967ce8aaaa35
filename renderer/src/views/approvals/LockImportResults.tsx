// A lockfile compared with what the connected servers list now: one row per
// locked skill — matches, differs (and exactly how), missing, or its server
// is not connected. Nothing is approved by this: "Review" opens the review.
// The lock's and the server's words (the file's name, each skill's name and
// URI, the sentence comparing them, which quotes labels and names, and each
// drifted name, file URI and digest) are drawn with their invisible and bidi
// characters as marks: a lockfile comes from a pull request or another machine.
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
import { UriText } from '../../components/UriText.js';

const STATUS: Record<LockedSkillStatus, { color: string; word: string }> = {
  matches: { color: 'green', word: 'matches' },
  differs: { color: 'yellow', word: 'differs' },
  missing: { color: 'red', word: 'missing' },
  'server-not-connected': { color: 'gray', word: 'server not connected' },
};

export function LockImportResults({ result, autoFocus = false }: { result: LockImportResult; autoFocus?: boolean }) {
  const skills = useCatalog((s) => s.skills);
  const c = result.counts;
  return (
    <Stack gap="xs" data-lock-import={result.file}>
      {/* Focusable from code only: the palette's Compare a lockfile puts focus here once the result shows. */}
      <Alert color="blue" variant="light" icon={<IconFileCheck size={18} />} p="xs" tabIndex={-1} data-lock-result data-autofocus={autoFocus || undefined}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            <b>
              <InvisibleText text={result.file} identifier />
            </b>
            : {c.matches} match, {c.differs} differ, {c.missing} missing, {c['server-not-connected']} on servers not connected. Nothing was approved: approval only comes from reviewing the bytes.
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
                    {s.name ? <InvisibleText text={s.name} identifier /> : '(no name)'}
                  </Text>
                  <Text size="xs" className="mono" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    <UriText uri={s.skillUri} />
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Badge size="xs" variant="light" color={STATUS[s.status].color}>
                      {STATUS[s.status].word}
                    </Badge>
                    <Text size="xs">
                      {/* One sentence: a line break in it is a label's or a name's, and would only hide where it ends. */}
                      <InvisibleText text={s.detail} identifier />
                    </Text>
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
          name: lock{' '}
          <Code>
            <InvisibleText text={drift.lock.name} identifier />
          </Code>
          , server{' '}
          <Code>
            <InvisibleText text={drift.server.name} identifier />
          </Code>
        </Text>
      ) : null}
      {drift.filesAdded.map((f) => (
        <Text size="xs" key={`a${f.uri}`} className="mono">
          + <UriText uri={f.uri} /> ({bytes(f.size)})
        </Text>
      ))}
      {drift.filesRemoved.map((f) => (
        <Text size="xs" key={`r${f.uri}`} className="mono">
          − <UriText uri={f.uri} />
        </Text>
      ))}
      {drift.filesChanged.map((f) => (
        <Text size="xs" key={`c${f.uri}`} className="mono" style={{ overflowWrap: 'anywhere' }}>
          ~ <UriText uri={f.uri} />: lock <InvisibleText text={f.lock.digest} identifier /> ({bytes(f.lock.size)}) → server <InvisibleText text={f.server.digest} identifier /> ({bytes(f.server.size)})
        </Text>
      ))}
    </Stack>
  );
}
