// The decision about the skill, at the foot of the Review tab: where it
// stands now, Approve (only when every file was read and verified, and every
// error-level finding acknowledged by name; otherwise the reasons in words)
// with an optional note, Decline, and — once approved — its separate
// switches: enabled, and the allowed-tools it requests. Compact by design: it
// never takes more than a quarter of the review pane (approvals.css), so the
// review itself stays readable above it. The reasons approval is not possible
// name the server's words (the skill's URI, its files' paths, why a file
// failed verification): drawn with their invisible and bidi characters as
// marks. While the change review of the version served now runs (the row
// and header say Reviewing…), the bar says so and approving waits: what that
// review finds, and each error to acknowledge, is not known yet.
import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconBan, IconRefresh, IconShieldCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReviewReport } from '../../../../shared/approvals-model.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { useApproval, useApprovals } from '../../state/approvals.js';
import { skillKey } from '../../state/keys.js';
import { AcknowledgeFindings, allTicked } from './AcknowledgeFindings.js';
import { ChangeReviewRunning } from './ChangeReviewRunning.js';
import { DecisionState } from './DecisionState.js';
import { GrantControls } from './GrantControls.js';
import './approvals.css';

interface DecisionBarProps {
  entry: SkillEntry;
  report: ReviewReport | undefined;
  /** The server lists another version than the report shows. */
  stale: boolean;
  running: boolean;
  /** The skill says Reviewing…: the change review of the version served now runs (state/verdict-shown.ts). */
  changeReviewing: boolean;
  connected: boolean;
  onReviewAgain: () => void;
}

/** Why approving waits, while the change review runs. */
const CHANGE_REVIEW_WAIT = 'The change review is running: approving this version waits until it ends.';

export function DecisionBar(props: DecisionBarProps) {
  // The ticks belong to one version: another report starts them afresh.
  return <Decision key={props.report?.fingerprint ?? 'none'} {...props} />;
}

function Decision({ entry, report, stale, running, changeReviewing, connected, onReviewAgain }: DecisionBarProps) {
  const { serverId, uri } = entry;
  const key = skillKey(serverId, uri);
  const record = useApproval(serverId, uri);
  const busy = useApprovals((s) => s.busy.has(key));
  const error = useApprovals((s) => s.errors.get(key));
  const [note, setNote] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const approvedThis = record?.decision === 'approved' && report !== undefined && record.fingerprint === report.fingerprint;
  const blockers = report?.blockers ?? [];
  const acknowledgements = report?.acknowledgements ?? [];
  // A decision binds what the server lists now; a report of an older version cannot be the basis of one.
  const decidable = report !== undefined && !stale;
  const acknowledged = allTicked(acknowledgements, ticked);
  // Bytes whose review has not ended are not approved: the gate for what it finds comes once it has.
  const canApprove = decidable && !report.dynamic && report.canApprove && !running && !approvedThis && acknowledged && !changeReviewing;
  const approve = () => {
    if (!report) return;
    void useApprovals
      .getState()
      .approve(serverId, uri, report.fingerprint, note.trim() || undefined, acknowledgements.map((a) => a.key))
      .then((r) => r && setNote(''));
  };
  const decline = () => void useApprovals.getState().decline(serverId, uri, note.trim() || undefined).then((r) => r && setNote(''));
  const asking = decidable && !report.dynamic && !approvedThis;

  return (
    <Stack gap={4} px="md" py={6} className="decision-bar" data-decision-bar data-can-approve={String(canApprove)} data-acknowledgements-needed={acknowledgements.length} data-approve-waiting={changeReviewing ? 'change-review' : undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <DecisionState record={record} />
        <Group gap={4} wrap="nowrap" style={{ flex: '0 0 auto' }}>
          {report && !running ? (
            <Button size="compact-xs" variant="subtle" leftSection={<IconRefresh size={12} />} onClick={onReviewAgain} disabled={!connected} data-action="review-again">
              {report.dynamic ? 'Look again' : 'Review again'}
            </Button>
          ) : null}
          {record ? (
            <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconX size={12} />} disabled={busy} onClick={() => void useApprovals.getState().revoke(serverId, uri)} data-action="withdraw-decision">
              Withdraw decision
            </Button>
          ) : null}
        </Group>
      </Group>
      {changeReviewing ? <ChangeReviewRunning>{CHANGE_REVIEW_WAIT}</ChangeReviewRunning> : null}
      {report && stale && !running ? (
        <Text size="xs" c="yellow" data-review-outdated>
          The review above is of an older version than the server lists now. Review again to decide about what it serves.
        </Text>
      ) : null}
      {decidable && report.dynamic ? (
        <Text size="xs" c="yellow" data-dynamic-decision>
          A dynamic skill cannot be approved: its content is not bound to digests, so a change would go unnoticed. You can decline it.
        </Text>
      ) : null}
      {asking && blockers.length > 0 ? (
        <Stack gap={0} data-approval-blockers={blockers.length}>
          <Text size="xs" fw={600}>
            Not possible to approve yet:
          </Text>
          <List size="xs" spacing={0}>
            {blockers.map((b, i) => (
              <List.Item key={i} data-approval-blocker>
                {/* One sentence each: a line break in it is a path's, and would only hide where the path ends. */}
                <InvisibleText text={b} identifier />
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      {asking && blockers.length === 0 ? (
        <div className="decision-acknowledgements">
          <AcknowledgeFindings acknowledgements={acknowledgements} ticked={ticked} onChange={setTicked} compact />
        </div>
      ) : null}
      {decidable ? (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput size="xs" style={{ flex: 1 }} placeholder="Note for the audit log (optional)" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={4000} aria-label="Note" data-field="approval-note" />
          {!report.dynamic ? (
            <Button size="xs" color="green" leftSection={<IconShieldCheck size={14} />} disabled={!canApprove} loading={busy} onClick={approve} title={changeReviewing ? CHANGE_REVIEW_WAIT : undefined} data-action="approve">
              {record?.decision === 'changed' ? 'Approve this version' : approvedThis ? 'Approved' : 'Approve'}
            </Button>
          ) : null}
          <Button size="xs" variant="default" color="red" leftSection={<IconBan size={14} />} disabled={running || busy || record?.decision === 'declined'} onClick={decline} data-action="decline">
            Decline
          </Button>
        </Group>
      ) : null}
      {record?.decision === 'approved' ? <GrantControls record={record} busy={busy} /> : null}
      {error ? <ErrorNotice title="That did not work" message={error} /> : null}
    </Stack>
  );
}
