// Where the decision stands, in words: nothing decided, approved (when, the
// note, and the errors acknowledged), declined, or changed since approval
// (and why). Short lines: the full reason is one hover away.
import { Group, Stack, Text } from '@mantine/core';
import type { ApprovalRecord } from '../../../../shared/approvals-model.js';
import { ApprovalBadge } from '../../components/ApprovalBadge.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { shownText } from '../../components/shown-text.js';
import { when } from './format.js';

export function DecisionState({ record }: { record: ApprovalRecord | undefined }) {
  if (!record) {
    return (
      <Text size="sm" c="dimmed" data-decision="none">
        Not decided yet: this skill is not approved and not enabled.
      </Text>
    );
  }
  const acknowledged = record.decision === 'approved' ? (record.acknowledged?.length ?? 0) : 0;
  return (
    <Stack gap={0} style={{ minWidth: 0 }} data-decision={record.decision}>
      <Group gap={6} wrap="nowrap">
        <ApprovalBadge approval={record.decision} enabled={record.enabled} />
        <Text size="xs" c="dimmed" truncate>
          {record.decision === 'changed' ? `revoked ${when(record.revoked?.at)}` : `${record.decision} ${when(record.decidedAt)}`}
          {acknowledged > 0 ? ` · ${acknowledged === 1 ? '1 error' : `${acknowledged} errors`} acknowledged` : ''}
        </Text>
      </Group>
      {record.decision === 'changed' && record.revoked ? (
        <Text size="xs" c="yellow" lineClamp={2} title={shownText(record.revoked.reason)} style={{ overflowWrap: 'anywhere' }} data-revoked-reason>
          <InvisibleText text={record.revoked.reason} />
        </Text>
      ) : null}
      {record.note ? (
        <Text size="xs" c="dimmed" truncate title={shownText(record.note)} data-decision-note>
          Note: <InvisibleText text={record.note} />
        </Text>
      ) : null}
    </Stack>
  );
}
