// "Review all" above the catalog (one server, or All skills): reads and
// reviews every skill as one job in the main process. While it runs, the
// button shows how far it is and a card beside it says which skill is at
// work, with Cancel; the verdicts fill the rows as they arrive. When it ends,
// the card sums up by verdict (never "safe") until it is closed. The card
// (ReviewAllDock) sits at the top of the detail pane, to the right of the
// catalog, and takes its own room there: it covers neither the catalog's
// search, filters, sort and rows, nor the open skill's header, tabs and
// content, nor the pane's empty state.
import { Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { IconCircleX, IconListSearch } from '@tabler/icons-react';
import type { ServerView } from '../../../../shared/model.js';
import type { ReviewJob } from '../../../../shared/review-job.js';
import { VERDICT_LABEL, type Verdict } from '../../../../shared/verdict.js';
import { VERDICT_STYLE } from '../../components/VerdictBadge.js';
import { useCatalog } from '../../state/catalog.js';
import { reviewJobHeadline, useReviewAll } from '../../state/review-all.js';
import { ALL_SERVERS, useServers } from '../../state/servers.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { shownName, shownText } from '../../components/shown-text.js';
import { reviewJobTally, tallyText, type VerdictTally } from './review-job-now.js';
import { JobSkillName } from './JobSkillName.js';
import { closeOnEscape, closeReviewAllCard, reviewAllButtonRef } from './review-all-focus.js';

/** `serverId`: that server's skills; none: every connected server's. */
export function ReviewAllButton({ serverId, disabled }: { serverId?: string; disabled?: boolean }) {
  const job = useReviewAll((s) => s.job);
  const startError = useReviewAll((s) => s.startError);
  const cardOpen = useReviewAll((s) => s.cardOpen);
  const setCardOpen = useReviewAll((s) => s.setCardOpen);
  const anyConnected = useServers((s) => s.servers.some((v) => v.connection.status === 'connected'));
  const running = job?.state === 'running';
  const shown = cardOpen && (job !== undefined || startError !== undefined);
  return running ? (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconListSearch size={14} aria-hidden />}
      ref={reviewAllButtonRef}
      onClick={() => setCardOpen(!cardOpen)}
      onKeyDown={closeOnEscape}
      aria-expanded={shown}
      aria-label={`${reviewJobHeadline(job)}: ${shown ? 'hide' : 'show'} the progress`}
      data-action="review-all-progress"
    >
      {job.done.toLocaleString()}/{job.total.toLocaleString()}
    </Button>
  ) : (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconListSearch size={14} aria-hidden />}
      ref={reviewAllButtonRef}
      onClick={() => void useReviewAll.getState().start(serverId)}
      onKeyDown={closeOnEscape}
      disabled={disabled ?? (serverId === undefined && !anyConnected)}
      title={serverId === undefined ? 'Read and review every skill of every connected server' : 'Read and review every skill of this server'}
      data-action="review-all"
    >
      Review all
    </Button>
  );
}

export function StartError({ message }: { message: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-review-job="error">
      <IconCircleX size={16} color="var(--mantine-color-red-text)" aria-hidden style={{ flex: '0 0 auto', marginTop: 2 }} />
      <Text size="xs" style={{ flex: 1 }}>
        Review all could not start: <InvisibleText text={message} />
      </Text>
      <CloseButton size="xs" onClick={closeReviewAllCard} aria-label="Dismiss" />
    </Group>
  );
}

export function JobCard({ job }: { job: ReviewJob }) {
  const { cancel } = useReviewAll.getState();
  const running = job.state === 'running';
  const percent = job.total === 0 ? 100 : Math.round((job.done / job.total) * 100);
  const servers = useServers((s) => s.servers);
  const selected = useServers((s) => s.selectedServerId);
  const where = scopeOf(job, servers, selected);
  // Once ended, the counts follow the catalog: they change the moment one of the job's skills does.
  const skills = useCatalog((s) => s.skills);
  const tally = useMemo(() => reviewJobTally(job, skills.values()), [job, skills]);
  return (
    <Stack gap={6} data-review-job={job.state} data-done={job.done} data-total={job.total} data-risky={tally.risky} data-needs-look={tally.needsLook} data-clean={tally.clean} data-not-reviewed={job.notReviewed}>
      <Group gap={6} wrap="nowrap" justify="space-between">
        {/* A long server label (one word to the browser, as a URL often is) wraps anywhere rather than pushing Close out of the card. */}
        <Text size="sm" fw={600} role="status" style={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
          {reviewJobHeadline(job)}
          {where ? ` · ${where}` : ''}
        </Text>
        <CloseButton size="xs" onClick={closeReviewAllCard} aria-label={running ? 'Hide the progress (the review goes on)' : 'Close the summary'} data-action="dismiss-review-all" />
      </Group>
      {running ? <Progress value={percent} size="sm" animated aria-label="Review all progress" /> : null}
      {running && job.current ? (
        <Text size="xs" truncate title={shownName(job.current.skillUri)}>
          Now:{' '}
          <span data-review-current={job.current.skillUri}>
            <JobSkillName job={job} skill={job.current} />
          </span>
        </Text>
      ) : null}
      {running ? null : job.total === 0 ? (
        <Text size="xs" c="dimmed" data-review-job-empty>
          No skill is listed there, so there was nothing to read.
        </Text>
      ) : (
        <Text size="xs" c="dimmed" data-review-job-now>
          As they stand now:
        </Text>
      )}
      {!running && job.total === 0 ? null : <VerdictCounts tally={tally} />}
      {job.problems.length > 0 ? (
        <Text size="xs" c="dimmed" lineClamp={3} title={job.problems.map((p) => `${shownName(p.name)}: ${shownText(p.message)}`).join('\n')}>
          Not reviewed:{' '}
          {job.problems.map((p, i) => (
            <Fragment key={`${i} ${p.skillUri}`}>
              {i > 0 ? '; ' : ''}
              <JobSkillName job={job} skill={p} /> (<InvisibleText text={p.message} />)
            </Fragment>
          ))}
        </Text>
      ) : null}
      <Group gap={6} justify="flex-end">
        {running ? (
          <Button size="compact-xs" variant="light" color="red" onClick={() => void cancel()} data-action="cancel-review-all">
            Cancel
          </Button>
        ) : tally.risky + tally.needsLook > 0 ? (
          <Button size="compact-xs" variant="light" onClick={() => useCatalog.getState().setSort('verdict')} data-action="sort-by-verdict">
            Sort by verdict
          </Button>
        ) : null}
      </Group>
      {job.state === 'cancelled' ? (
        <Text size="xs" c="dimmed">
          The skills not finished keep the review they had before, or none.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The verdicts (those that landed, or once the job ended those of its skills now), each with its icon and word. */
function VerdictCounts({ tally }: { tally: VerdictTally }) {
  const parts: Array<{ verdict: Verdict; count: number }> = [
    { verdict: 'risky', count: tally.risky },
    { verdict: 'needs-look', count: tally.needsLook },
    { verdict: 'clean-as-checked', count: tally.clean },
    { verdict: 'not-reviewed', count: tally.notReviewedYet },
  ];
  const shown = parts.filter((p) => p.count > 0);
  if (shown.length === 0 && tally.couldNotReview === 0 && tally.gone === 0) {
    return (
      <Text size="xs" c="dimmed">
        {tallyText(tally)}
      </Text>
    );
  }
  return (
    <Group gap={10} wrap="wrap" aria-label={tallyText(tally)}>
      {shown.map(({ verdict, count }) => {
        const s = VERDICT_STYLE[verdict];
        return (
          <Group key={verdict} gap={3} wrap="nowrap" data-review-job-verdict={verdict} data-count={count}>
            <s.Icon size={14} aria-hidden style={{ color: `var(--mantine-color-${s.color}-text)` }} />
            <Text size="xs">
              {VERDICT_LABEL[verdict]}: {count.toLocaleString()}
            </Text>
          </Group>
        );
      })}
      {tally.gone > 0 ? (
        <Text size="xs" data-review-job-verdict="gone" data-count={tally.gone}>
          No longer listed: {tally.gone.toLocaleString()}
        </Text>
      ) : null}
      {tally.couldNotReview > 0 ? (
        <Text size="xs" data-review-job-verdict="could-not-review" data-count={tally.couldNotReview}>
          Could not be reviewed: {tally.couldNotReview.toLocaleString()}
        </Text>
      ) : null}
    </Group>
  );
}

/** Which servers the job covers, in words, when the catalog shows another selection. */
function scopeOf(job: ReviewJob, servers: readonly ServerView[], selectedServerId: string): string | undefined {
  if (job.serverIds.length !== 1) return selectedServerId === ALL_SERVERS ? undefined : 'all servers';
  if (selectedServerId === job.serverIds[0]) return undefined;
  const label = servers.find((s) => s.config.id === job.serverIds[0])?.config.label;
  return label === undefined ? undefined : shownName(label);
}
