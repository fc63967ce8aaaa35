// Before an approval review: what an earlier review of this skill (Review all,
// or one from before a reload) already found, with the same verdict and counts
// as its catalog row, so the reviewer knows what they are about to confirm
// rather than starting blind. An approved skill that changed is judged by its
// change review, and the words say so; while that review runs the tab says it
// is running ("Reviewing…", as the row and the header do), not nothing until
// its verdict lands.
import { Group, Text } from '@mantine/core';
import type { SkillEntry } from '../../../../shared/model.js';
import { isLocalOriginId } from '../../../../shared/review-model.js';
import { formatTime } from '../../components/format-time.js';
import { VerdictBadge } from '../../components/VerdictBadge.js';
import { useShownVerdict } from '../../state/use-shown-verdict.js';

export function EarlierReview({ entry }: { entry: SkillEntry }) {
  const verdict = useShownVerdict(entry);
  if (verdict === 'reviewing') {
    return (
      <Group gap={6} wrap="wrap" data-earlier-review="change-review">
        <Text size="sm" span>
          The change review of the version served now is running:
        </Text>
        <VerdictBadge verdict={verdict} />
        <Text size="sm" span c="dimmed">
          Its verdict shows here when that review ends.
        </Text>
      </Group>
    );
  }
  const review = entry.review;
  if (!review) return null;
  const changeReview = review.basis === 'change-review';
  const local = isLocalOriginId(entry.serverId);
  return (
    <Group gap={6} wrap="wrap" data-earlier-review={review.basis ?? 'content-review'}>
      <Text size="sm" span>
        {changeReview ? 'The change review of the version served now found:' : `${local ? 'The scan of its folder' : 'Its content review'} of ${formatTime(review.reviewedAt)} found:`}
      </Text>
      <VerdictBadge verdict={verdict} errors={entry.errorCount} warnings={entry.warningCount} {...(changeReview ? { review } : {})} />
      <Text size="sm" span c="dimmed">
        {changeReview ? 'Its Changes tab shows what is new since you approved it.' : 'Its Overview and Checks tabs show those findings.'}
      </Text>
    </Group>
  );
}
