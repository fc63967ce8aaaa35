// The top of the Overview: the skill's content review in plain language —
// or, before there is one, what "Review content" would do. A review reads
// every file, so it only ever starts when the user asks; local skills are
// reviewed when their folder is scanned.
import { Alert, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff, IconListSearch, IconRefresh } from '@tabler/icons-react';
import type { SkillEntry } from '../../../../shared/model.js';
import { isLocalOriginId, type SkillReview } from '../../../../shared/review-model.js';
import { Busy } from '../../components/Busy.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { HiddenTextList } from '../../components/HiddenTextList.js';
import { SkillSummary } from '../../components/SkillSummary.js';
import { reviewVerdict } from '../../components/verdict-headline.js';
import { formatTime } from '../../components/format-time.js';
import type { ReviewRun } from '../../state/review.js';
import { useServers } from '../../state/servers.js';
import { evidenceLinks } from './evidence-links.js';
import { reviewContent, useSkillReview } from './use-skill-review.js';
import { ReadRestNotice } from './ReadRestNotice.js';

export function ContentReview({ entry }: { entry: SkillEntry }) {
  const { load, review, run, runError } = useSkillReview(entry);
  const local = isLocalOriginId(entry.serverId);
  const connected = useServers((s) => local || s.servers.find((v) => v.config.id === entry.serverId)?.connection.status === 'connected');
  const links = evidenceLinks(entry);

  return (
    <Stack gap="xs" data-content-review={run ? 'running' : review ? 'reviewed' : review === null ? 'not-reviewed' : 'loading'}>
      {run ? <ReviewProgress entry={entry} run={run} /> : null}
      {runError ? <ErrorNotice title="The review could not finish" message={runError} onRetry={() => reviewContent(entry)} retryLabel="Review again" /> : null}
      {load?.state === 'error' && !run ? <ErrorNotice title="The last review could not be loaded" message={load.message} /> : null}
      {review === null && !run ? (
        <Alert color="gray" variant="light" icon={<IconListSearch size={18} />} title="Content not reviewed yet" data-review-prompt>
          <Stack gap={6}>
            <Text size="sm">
              A review reads every file of this skill{fileCountText(entry)} and says in plain words what it is for, what it contains, what it asks for and what looks risky: hidden text,
              code that runs, requests for tools, links out, secrets. Nothing is read until you ask.
            </Text>
            <Group>
              <Button size="xs" leftSection={<IconListSearch size={14} />} onClick={() => reviewContent(entry)} disabled={!connected} data-action="review-content">
                Review content
              </Button>
              {!connected ? (
                <Text size="xs" c="dimmed">
                  Connect the server first.
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {review ? (
        <>
          <SkillSummary summary={review.summary} verdict={reviewVerdict(entry, review)} {...links} />
          {local ? null : (
            <ReadRestNotice entry={entry} what="reviewed" count={review.files.filter((f) => !f.read && f.problem?.startsWith('Not read: SKILL.md failed verification')).length} busy={Boolean(run)} disabled={!connected} onRead={() => reviewContent(entry, { inspect: true })} />
          )}
          <ReviewFacts review={review} local={local} running={Boolean(run)} disabled={!connected} onAgain={() => reviewContent(entry)} />
          {review.hidden.length > 0 ? (
            <Stack gap={6} data-overview-hidden-text>
              <Group gap={6}>
                <IconEyeOff size={16} color="var(--mantine-color-red-6)" aria-hidden />
                <Title order={3} size="h6">
                  Hidden text the AI would read ({review.hidden.length})
                </Title>
              </Group>
              <HiddenTextList hidden={review.hidden} onOpen={links.onHidden} fileLabel={links.fileLabel} />
            </Stack>
          ) : null}
        </>
      ) : null}
      {load === undefined || (load.state === 'loading' && load.previous === undefined) ? (
        <Busy size="xs">Looking for an earlier review…</Busy>
      ) : null}
    </Stack>
  );
}

function fileCountText(entry: SkillEntry): string {
  if (!Array.isArray(entry.resources)) return '';
  const n = entry.resources.length;
  return ` (${n} file${n === 1 ? '' : 's'})`;
}

function ReviewFacts({ review, local, running, disabled, onAgain }: { review: SkillReview; local: boolean; running: boolean; disabled: boolean; onAgain: () => void }) {
  return (
    <Group gap={6} justify="space-between" wrap="nowrap">
      <Text size="xs" c="dimmed" data-reviewed-at={review.reviewedAt}>
        {local ? 'Read from disk' : 'Reviewed'} {formatTime(review.reviewedAt)} · {review.files.length} file{review.files.length === 1 ? '' : 's'}
        {review.complete ? '' : ' · not every file could be read'}
      </Text>
      <Button size="compact-xs" variant="subtle" leftSection={<IconRefresh size={12} />} onClick={onAgain} loading={running} disabled={disabled} data-action="review-again">
        {local ? 'Read again' : 'Review again'}
      </Button>
    </Group>
  );
}

/** Files read since the review started, from the file checks the main process pushes as it reads. */
function ReviewProgress({ entry, run }: { entry: SkillEntry; run: ReviewRun }) {
  const uris = Array.isArray(entry.resources) ? entry.resources.map((r) => r.uri) : [entry.uri];
  const read = uris.filter((uri) => {
    const check = entry.files[uri];
    return check && check.state !== 'unread' && check.checkedAt >= run.startedAt;
  }).length;
  return (
    <Alert color="blue" variant="light" icon={<Loader size={16} />} title="Reviewing the content…" data-review-progress={read} data-review-total={uris.length}>
      <Stack gap={6}>
        <Text size="sm">
          Reading every file and checking it: {read} of {uris.length} read.
        </Text>
        <Progress value={uris.length > 0 ? (100 * read) / uris.length : 0} size="sm" animated aria-label="Files read" />
      </Stack>
    </Alert>
  );
}
