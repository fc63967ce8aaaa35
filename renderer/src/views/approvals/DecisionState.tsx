// Where the decision stands, in words: nothing decided, approved (when, and
// the note), declined, or changed since approval (and why).
import { Group, Stack, Text } from '@mantine/core';
import type { ApprovalRecord } from '../../../../shared/approvals-model.js';
import { ApprovalBadge } from '../../components/ApprovalBadge.js';
import { when } from './format.js';

export function DecisionState({ record }: { record: ApprovalRecord | undefined }) {
  if (!record) {
    return (
      <Text size="sm" c="dimmed" data-decision="none">
        Not decided yet: this skill is not approved and not enabled.
      </Text>
    );
  }
  return (
    <Stack gap={2} style={{ minWidth: 0 }} data-decision={record.decision}>
      <Group gap={6}>
        <ApprovalBadge approval={record.decision} enabled={record.enabled} />
        <Text size="xs" c="dimmed">
          {record.decision === 'changed' ? `revoked ${when(record.revoked?.at)}` : `${record.decision} ${when(record.decidedAt)}`}
        </Text>
      </Group>
      {record.decision === 'changed' && record.revoked ? (
        <Text size="xs" c="yellow.9" style={{ overflowWrap: 'anywhere' }} data-revoked-reason>
          {record.revoked.reason}
        </Text>
      ) : null}
      {record.note ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Note: {record.note}
        </Text>
      ) : null}
    </Stack>
  );
}
