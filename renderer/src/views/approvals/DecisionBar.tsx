// The decision about the skill, at the foot of the Review tab: where it
// stands now, Approve (only when every file was read and verified; otherwise
// the reasons in words) with an optional note, Decline, and — once approved —
// its separate switches: enabled, and the allowed-tools it requests.
import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconBan, IconRefresh, IconShieldCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReviewReport } from '../../../../shared/approvals-model.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useApproval, useApprovals } from '../../state/approvals.js';
import { skillKey } from '../../state/keys.js';
import { DecisionState } from './DecisionState.js';
import { GrantControls } from './GrantControls.js';
import './approvals.css';

interface DecisionBarProps {
  entry: SkillEntry;
  report: ReviewReport | undefined;
  /** The server lists another version than the report shows. */
  stale: boolean;
  running: boolean;
  connected: boolean;
  onReviewAgain: () => void;
}

export function DecisionBar({ entry, report, stale, running, connected, onReviewAgain }: DecisionBarProps) {
  const { serverId, uri } = entry;
  const key = skillKey(serverId, uri);
  const record = useApproval(serverId, uri);
  const busy = useApprovals((s) => s.busy.has(key));
  const error = useApprovals((s) => s.errors.get(key));
  const [note, setNote] = useState('');
  const approvedThis = record?.decision === 'approved' && report !== undefined && record.fingerprint === report.fingerprint;
  const blockers = report?.blockers ?? [];
  // A decision binds what the server lists now; a report of an older version cannot be the basis of one.
  const decidable = report !== undefined && !stale;
  const canApprove = decidable && !report.dynamic && report.canApprove && !running && !approvedThis;
  const approve = () => {
    if (!report) return;
    void useApprovals
      .getState()
      .approve(serverId, uri, report.fingerprint, note.trim() || undefined)
      .then((r) => r && setNote(''));
  };
  const decline = () => void useApprovals.getState().decline(serverId, uri, note.trim() || undefined).then((r) => r && setNote(''));

  return (
    <Stack gap={6} px="md" py="xs" className="decision-bar" data-decision-bar data-can-approve={String(canApprove)}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <DecisionState record={record} />
        {report && !running ? (
          <Button size="compact-sm" variant="subtle" leftSection={<IconRefresh size={14} />} onClick={onReviewAgain} disabled={!connected} data-action="review-again">
            {report.dynamic ? 'Look again' : 'Review again'}
          </Button>
        ) : null}
      </Group>
      {report && stale && !running ? (
        <Text size="sm" c="yellow.9" data-review-outdated>
          The review above is of an older version than the server lists now. Review again to decide about what it serves.
        </Text>
      ) : null}
      {decidable && report.dynamic ? (
        <Text size="sm" c="yellow.8" data-dynamic-decision>
          A dynamic skill cannot be approved: its content is not bound to digests, so a change would go unnoticed. You can decline it.
        </Text>
      ) : null}
      {decidable && !report.dynamic && blockers.length > 0 && !approvedThis ? (
        <Stack gap={2} data-approval-blockers={blockers.length}>
          <Text size="sm" fw={600}>
            Not possible to approve yet:
          </Text>
          <List size="sm" spacing={0}>
            {blockers.map((b, i) => (
              <List.Item key={i} data-approval-blocker>
                {b}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      {decidable ? (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput size="xs" style={{ flex: 1 }} placeholder="Note for the audit log (optional)" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={4000} aria-label="Note" data-field="approval-note" />
          {!report.dynamic ? (
            <Button size="xs" color="green" leftSection={<IconShieldCheck size={14} />} disabled={!canApprove} loading={busy} onClick={approve} data-action="approve">
              {record?.decision === 'changed' ? 'Approve this version' : approvedThis ? 'Approved' : 'Approve'}
            </Button>
          ) : null}
          <Button size="xs" variant="default" color="red" leftSection={<IconBan size={14} />} disabled={running || busy || record?.decision === 'declined'} onClick={decline} data-action="decline">
            Decline
          </Button>
        </Group>
      ) : null}
      {record?.decision === 'approved' ? <GrantControls record={record} busy={busy} /> : null}
      {record ? (
        <Group gap="xs">
          <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconX size={12} />} disabled={busy} onClick={() => void useApprovals.getState().revoke(serverId, uri)} data-action="withdraw-decision">
            Withdraw decision
          </Button>
        </Group>
      ) : null}
      {error ? <ErrorNotice title="That did not work" message={error} /> : null}
    </Stack>
  );
}
