// A server's approvals: the enabled set hosts may use (exportable as JSON),
// every decision about its skills, the lockfile of what is approved and the
// comparison of a lockfile with the listing, and the audit log. A skill's name
// and URI are the server's: drawn with their invisible and bidi characters as
// marks.
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileImport, IconLock } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import type { ApprovalRecord } from '../../../../shared/approvals-model.js';
import type { ServerView, SkillEntry } from '../../../../shared/model.js';
import { ApprovalBadge } from '../../components/ApprovalBadge.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { UriText } from '../../components/UriText.js';
import { EntryVerdictBadge } from '../../components/VerdictBadge.js';
import { useApprovals } from '../../state/approvals.js';
import { useCatalog } from '../../state/catalog.js';
import { skillKey } from '../../state/keys.js';
import { useSelection } from '../../state/selection.js';
import { AuditLog } from './AuditLog.js';
import { LockComparison } from './LockComparison.js';
import { StoreHealth } from './StoreHealth.js';
import { compareLockfile, exportEnabledSkills, exportLockfile } from './exports.js';
import { when } from './format.js';

function Section({ title, actions, children, id }: { title: string; actions?: ReactNode; children: ReactNode; id: string }) {
  return (
    <Stack gap={6} data-approvals-section={id}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6">
          {title}
        </Title>
        {actions ? <Group gap={6}>{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}

/** The skill's verdict beside its verification state, as in the catalog; nothing for a skill not listed now. */
function SkillState({ entry }: { entry: SkillEntry | undefined }) {
  if (!entry) return null;
  return (
    <Group gap={4} wrap="nowrap" data-approvals-verdict={entry.verdict}>
      <EntryVerdictBadge entry={entry} />
      <StatusBadge status={entry.status} size="xs" />
    </Group>
  );
}

/** The skills hosts may use, each one click from its review; drawn from props, so it can be drawn without the store. */
export function EnabledSkills({ serverId, enabled }: { serverId: string; enabled: readonly ApprovalRecord[] }) {
  const skills = useCatalog((s) => s.skills);
  if (enabled.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No skill of this server is enabled. Approve a skill in its Review tab, then switch on “Enabled”.
      </Text>
    );
  }
  return (
    <Stack gap={2} data-enabled-skills={enabled.length}>
      {enabled.map((r) => (
        <Group gap={6} key={r.skillUri} data-enabled-skill={r.skillUri}>
          <Anchor component="button" type="button" size="sm" onClick={() => useSelection.getState().openSkill(skillKey(serverId, r.skillUri), 'review')}>
            <InvisibleText text={r.skillName || r.skillUri} identifier />
          </Anchor>
          <SkillState entry={skills.get(skillKey(serverId, r.skillUri))} />
          <Text size="xs" c="dimmed" className="mono">
            <UriText uri={r.skillUri} />
          </Text>
          <Text size="xs" c="dimmed">
            approved {when(r.decidedAt)}
            {r.allowedTools ? (r.allowedTools.granted ? ' · allowed-tools granted' : ' · allowed-tools not granted') : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function ServerApprovals({ server }: { server: ServerView }) {
  const id = server.config.id;
  const all = useApprovals((s) => s.records);
  const skills = useCatalog((s) => s.skills);
  const records = useMemo(() => [...all.values()].filter((r) => r.serverId === id).sort((a, b) => (a.skillName || a.skillUri).localeCompare(b.skillName || b.skillUri)), [all, id]);
  const enabled = records.filter((r) => r.decision === 'approved' && r.enabled);
  const approved = records.filter((r) => r.decision === 'approved').length;
  const open = (skillUri: string, tab: 'review' | 'changes') => useSelection.getState().openSkill(skillKey(id, skillUri), tab);

  return (
    <div className="tab-scroll" data-server-approvals>
      <Stack gap="lg" p="md">
        <StoreHealth />
        <Section
          id="enabled"
          title={`Enabled skills (${enabled.length})`}
          actions={
            <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={() => void exportEnabledSkills(id)} data-action="export-enabled">
              Export enabled skills (JSON)
            </Button>
          }
        >
          <EnabledSkills serverId={id} enabled={enabled} />
      </Section>
      <Section id="decisions" title={`Decisions (${records.length})`}>
        {records.length === 0 ? (
          <Text size="sm" c="dimmed">
            No decisions yet. Open a skill and start a review from its Review tab.
          </Text>
        ) : (
          <Table withTableBorder fz="xs" verticalSpacing={3}>
            <Table.Tbody>
              {records.map((r) => (
                <Table.Tr key={r.skillUri} data-decision-row={r.skillUri}>
                  <Table.Td>
                    <Anchor component="button" type="button" size="xs" onClick={() => open(r.skillUri, r.decision === 'changed' ? 'changes' : 'review')}>
                      <InvisibleText text={r.skillName || r.skillUri} identifier />
                    </Anchor>
                    {!skills.has(skillKey(id, r.skillUri)) ? (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (not listed now)
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <ApprovalBadge approval={r.decision} enabled={r.enabled} size="xs" />
                  </Table.Td>
                  <Table.Td>
                    <SkillState entry={skills.get(skillKey(id, r.skillUri))} />
                  </Table.Td>
                  <Table.Td>{when(r.decision === 'changed' ? r.revoked?.at : r.decidedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
      <Section
        id="lockfile"
        title="Lockfile"
        actions={
          <>
            <Button size="xs" variant="default" leftSection={<IconLock size={14} />} disabled={approved === 0} onClick={() => void exportLockfile(id)} data-action="export-lock">
              Export lockfile of approved skills
            </Button>
            <Button size="xs" variant="default" leftSection={<IconFileImport size={14} />} onClick={() => void compareLockfile()} data-action="import-lock">
              Compare a lockfile…
            </Button>
          </>
        }
      >
        <Text size="sm" c="dimmed">
          The same file as <span className="mono">skill-inspector lock</span> writes: it pins each approved skill's files by digest, so CI can run <span className="mono">skill-inspector verify --lock</span>. Comparing a lockfile checks it against every connected server with the same label; it approves nothing.
        </Text>
        <LockComparison />
      </Section>
      <Section id="audit" title="Audit log (newest first)">
        <AuditLog serverId={id} />
      </Section>
      </Stack>
    </div>
  );
}
