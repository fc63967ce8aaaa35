// The bottom line: how many servers are connected, Verify all's progress
// (with Cancel) and, when it ends, its summary until dismissed. The summary
// tells how the job's skills stand now (verify-summary.ts), so a later
// mismatch or risky review replaces it; no toast repeats it.
import { Button, CloseButton, Group, Kbd, Progress, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { VerifyJob } from '../../../shared/model.js';
import { useCatalog } from '../state/catalog.js';
import { useServers } from '../state/servers.js';
import { useVerify } from '../state/verify.js';
import { openPalette } from './CommandPalette.js';
import { endedJobText, jobSkillsNow } from './verify-summary.js';

function summaryText(job: VerifyJob): string {
  const parts = [`${job.verified.toLocaleString()} match the listing`];
  if (job.failed > 0) parts.push(`${job.failed.toLocaleString()} failed`);
  if (job.unverifiable > 0) parts.push(`${job.unverifiable.toLocaleString()} unverifiable`);
  const other = job.done - job.verified - job.failed - job.unverifiable;
  if (other > 0) parts.push(`${other.toLocaleString()} partly read`);
  return parts.join(', ');
}

export function StatusBar() {
  const servers = useServers((s) => s.servers);
  const job = useVerify((s) => s.job);
  const summaryOpen = useVerify((s) => s.summaryOpen);
  const startError = useVerify((s) => s.startError);
  const connected = servers.filter((s) => s.connection.status === 'connected').length;
  const failed = servers.filter((s) => s.connection.status === 'failed').length;
  return (
    <footer className="status-bar">
      <Text size="xs" c={failed > 0 ? 'red' : 'dimmed'} style={{ flex: '0 0 auto' }}>
        {connected} of {servers.length} server{servers.length === 1 ? '' : 's'} connected
        {failed > 0 ? ` · ${failed} failed` : ''}
      </Text>
      <div className="status-job">{summaryOpen ? <JobStatus job={job} startError={startError} /> : null}</div>
      <Button size="compact-xs" variant="subtle" color="gray" onClick={() => openPalette()} rightSection={<Kbd size="xs">{navigator.platform.startsWith('Mac') ? '⌘' : 'Ctrl'}+K</Kbd>}>
        Commands
      </Button>
    </footer>
  );
}

function JobStatus({ job, startError }: { job: VerifyJob | undefined; startError: string | undefined }) {
  const dismiss = useVerify((s) => s.dismiss);
  const cancel = useVerify((s) => s.cancel);
  if (startError) {
    return (
      <Group gap={6} wrap="nowrap" data-verify-job="error">
        <IconCircleX size={14} color="var(--mantine-color-red-6)" aria-hidden />
        <Text size="xs" c="red" truncate>
          Verify all could not start: {startError}
        </Text>
        <CloseButton size="xs" onClick={dismiss} aria-label="Dismiss" />
      </Group>
    );
  }
  if (!job) return null;
  const percent = job.total === 0 ? 100 : Math.round((job.done / job.total) * 100);
  if (job.state === 'running') {
    return (
      <Group gap={8} wrap="nowrap" data-verify-job="running" data-done={job.done} data-total={job.total}>
        <Text size="xs" style={{ flex: '0 0 auto' }}>
          Verifying {job.done.toLocaleString()} of {job.total.toLocaleString()} skills
        </Text>
        <Progress value={percent} size="sm" animated w={160} aria-label="Verify all progress" />
        <Text size="xs" c="dimmed" truncate>
          {summaryText(job)}
        </Text>
        <Button size="compact-xs" variant="light" color="red" onClick={() => void cancel()} data-action="cancel-verify">
          Cancel
        </Button>
      </Group>
    );
  }
  return <EndedJob job={job} />;
}

/** An ended job's line, from the catalog as it is now: it changes the moment one of its skills does. */
function EndedJob({ job }: { job: VerifyJob }) {
  const dismiss = useVerify((s) => s.dismiss);
  const skills = useCatalog((s) => s.skills);
  const now = useMemo(() => jobSkillsNow(job, skills.values()), [job, skills]);
  const ok = now.failed === 0 && now.riskyByReview === 0;
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-verify-job={job.state}
      data-verified={now.matched}
      data-failed={now.failed}
      data-unverifiable={now.unverifiable}
      data-risky={now.riskyByReview}
      data-done={job.done}
      data-total={job.total}
    >
      {ok ? <IconCircleCheck size={14} color="var(--mantine-color-green-6)" aria-hidden /> : <IconCircleX size={14} color="var(--mantine-color-red-6)" aria-hidden />}
      <Text size="xs" truncate data-verify-summary>
        {endedJobText(job, now)}
      </Text>
      {now.failed > 0 ? (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          onClick={() => {
            const catalog = useCatalog.getState();
            if (!catalog.filters.has('errors')) catalog.toggleFilter('errors');
          }}
        >
          Show failed
        </Button>
      ) : null}
      <CloseButton size="xs" onClick={dismiss} aria-label="Dismiss summary" />
    </Group>
  );
}
