// The Review tab: read every file of the skill, verify it and keep the exact
// bytes, then show — plain language first — the summary, what the skill asks
// for, every finding, every file, and where it comes from; the decision bar
// below approves exactly the version shown.
import { Alert, Stack } from '@mantine/core';
import { IconRefreshAlert } from '@tabler/icons-react';
import { sameContent } from '../../../../shared/entry-diff.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useApproval } from '../../state/approvals.js';
import { skillKey } from '../../state/keys.js';
import { lastReport, useReviewSession } from '../../state/review-session.js';
import { serverById, useServers } from '../../state/servers.js';
import { useShownVerdict } from '../../state/use-shown-verdict.js';
import { DecisionBar } from '../approvals/DecisionBar.js';
import { StoreHealth } from '../approvals/StoreHealth.js';
import { ReviewProgress } from './ReviewProgress.js';
import { ReviewReportView } from './ReviewReportView.js';
import { ReviewStart } from './ReviewStart.js';

export function ReviewTab({ entry }: { entry: SkillEntry }) {
  const { serverId, uri } = entry;
  const key = skillKey(serverId, uri);
  const run = useReviewSession((s) => s.runs.get(key));
  const record = useApproval(serverId, uri);
  const connected = useServers((s) => serverById(s.servers, serverId)?.connection.status === 'connected');
  const report = lastReport(run);
  const running = run?.state === 'running';
  // The report describes one version; once the server lists another, approving it would bind the wrong one.
  const stale = report !== undefined && !sameContent({ resources: entry.resources, frontmatter: entry.frontmatter }, { resources: report.resources, frontmatter: report.frontmatter });
  const start = () => void useReviewSession.getState().start(serverId, uri);
  const changeReviewing = useShownVerdict(entry) === 'reviewing';

  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }} data-review-tab data-review-state={run?.state ?? 'none'}>
      <div className="tab-scroll">
        <Stack gap="md" p="md">
          <StoreHealth />
          {running ? <ReviewProgress entry={entry} done={run.done} total={run.total} {...(run.fileUri ? { fileUri: run.fileUri } : {})} /> : null}
          {run?.state === 'error' ? <ErrorNotice title="The review could not run" message={run.message} retryLabel="Review again" {...(connected ? { onRetry: start } : {})} /> : null}
          {!report && !running ? <ReviewStart entry={entry} connected={connected} onStart={start} decision={record?.decision} /> : null}
          {report && stale && !running ? (
            <Alert color="yellow" variant="light" icon={<IconRefreshAlert size={18} />} title="The server now lists a different version" data-review-stale>
              What follows is the version you reviewed; the server has since described other files or frontmatter. Review again to see and approve what it serves now.
            </Alert>
          ) : null}
          {report ? <ReviewReportView entry={entry} report={report} /> : null}
        </Stack>
      </div>
      {report || record ? <DecisionBar entry={entry} report={report} stale={stale} running={running} changeReviewing={changeReviewing} connected={connected} onReviewAgain={start} /> : null}
    </Stack>
  );
}
