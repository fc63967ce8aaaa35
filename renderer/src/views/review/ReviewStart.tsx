// Before a review: what it does, in plain words, and the one button that
// starts it. A dynamic skill gets the truth up front: it can be looked at
// once, or declined, but never approved. A skill already decided (its review
// no longer in memory, after a reload) is not asked to be reviewed "before you
// approve it": the title says what was decided, and the button reviews again.
// A skill reviewed before (Review all) shows what that review found.
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPlayerPlay, IconQuestionMark } from '@tabler/icons-react';
import type { ApprovalDecision } from '../../../../shared/approvals-model.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { EarlierReview } from './EarlierReview.js';

const DECIDED: Record<ApprovalDecision, string> = {
  approved: 'You approved this skill',
  declined: 'You declined this skill',
  changed: 'Changed since you approved it',
};

export function ReviewStart({ entry, connected, onStart, decision }: { entry: SkillEntry; connected: boolean; onStart: () => void; decision: ApprovalDecision | undefined }) {
  const hasDecision = decision !== undefined;
  const dynamic = entry.resources === 'dynamic';
  const files = Array.isArray(entry.resources) ? entry.resources.length : undefined;
  return (
    <Stack gap="sm" data-review-start>
      <Title order={3} size="h5">
        {decision ? DECIDED[decision] : dynamic ? 'Look at this skill' : 'Review this skill before you approve it'}
      </Title>
      <EarlierReview entry={entry} />
      {dynamic ? (
        <Alert color="yellow" variant="light" icon={<IconQuestionMark size={18} />} title="This skill is dynamic: it cannot be approved" data-dynamic-notice>
          The server publishes no digests for its files, so the content changes without notice and an approval could not be bound to it. You can look at it once — the files are read now and nothing is kept — or decline it.
        </Alert>
      ) : (
        <>
          <Text size="sm">A review reads what your agent would read, so you can decide with the evidence in front of you:</Text>
          <List size="sm" spacing={2}>
            <List.Item>
              reads {files !== undefined ? `all ${files} file${files === 1 ? '' : 's'}` : 'every file'} of the skill (SKILL.md first) and checks each against the listing;
            </List.Item>
            <List.Item>keeps the exact bytes you see, in the app's private data folder;</List.Item>
            <List.Item>shows a plain-language summary, what the skill asks for, every finding, and where it comes from.</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            An approval is bound to exactly these files. If the server later serves anything else, the approval is revoked and the skill shows what changed.
            {hasDecision ? ' Review again to change your decision.' : ''}
          </Text>
        </>
      )}
      <Group gap="xs">
        <Button size="sm" leftSection={dynamic ? <IconEye size={16} /> : <IconPlayerPlay size={16} />} onClick={onStart} disabled={!connected} data-action="start-review">
          {hasDecision ? 'Review again' : dynamic ? 'Look at it once' : 'Start review'}
        </Button>
        {!connected ? (
          <Text size="sm" c="dimmed">
            Connect the server first: a review reads its files.
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
