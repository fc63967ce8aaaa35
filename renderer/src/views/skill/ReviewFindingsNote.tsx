// Above the Checks: whether the content-risk checks are among them — they
// run when the user reviews the content, never on their own.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import type { SkillEntry } from '../../../../shared/model.js';
import { isLocalOriginId, type SkillReview } from '../../../../shared/review-model.js';
import { formatTime } from '../../components/format-time.js';
import { useReviews } from '../../state/review.js';
import { skillKey } from '../../state/keys.js';
import { reviewContent } from './use-skill-review.js';

export function ReviewFindingsNote({ entry, review }: { entry: SkillEntry; review: SkillReview | null | undefined }) {
  const running = useReviews((s) => s.running.has(skillKey(entry.serverId, entry.uri)));
  if (review === undefined) return null;
  if (review) {
    const n = review.findings.length;
    return (
      <Text size="xs" c="dimmed" data-review-findings={n}>
        {isLocalOriginId(entry.serverId) ? 'Checked when its folder was read' : 'Includes the content review'} of {formatTime(review.reviewedAt)}: {n} content-risk finding{n === 1 ? '' : 's'}.
      </Text>
    );
  }
  return (
    <Alert color="gray" variant="light" icon={<IconListSearch size={18} />} p="xs" data-review-findings="none">
      <Group justify="space-between" gap="xs">
        <Text size="sm">Content-risk checks (hidden text, code that runs, secrets, links out) run when you review the content.</Text>
        <Button size="compact-xs" variant="light" loading={running} onClick={() => reviewContent(entry)} data-action="review-content-checks">
          Review content
        </Button>
      </Group>
    </Alert>
  );
}
