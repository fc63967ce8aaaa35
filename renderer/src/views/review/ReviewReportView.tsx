// A finished review, plain language first: the summary, what the skill asks
// for, every finding, every file, and where it comes from. Each thing is said
// once: the summary's points about what the skill asks for sit in the "What
// it asks for" section, not under a second heading of the same name, and the
// description is quoted once.
import { Alert, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ReviewReport } from '../../../../shared/approvals-model.js';
import type { SkillSummary as Summary, SummaryPoint } from '../../../../shared/review-model.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { Busy } from '../../components/Busy.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { SkillSummary } from '../../components/SkillSummary.js';
import { reviewVerdict } from '../../components/verdict-headline.js';
import { useSkillReview } from '../skill/use-skill-review.js';
import { ReadRestNotice } from '../skill/ReadRestNotice.js';
import { useVerify } from '../../state/verify.js';
import { useSelection } from '../../state/selection.js';
import { skillKey } from '../../state/keys.js';
import { ReviewFiles } from './ReviewFiles.js';
import { ReviewFindings } from './ReviewFindings.js';
import { ReviewOrigin } from './ReviewOrigin.js';
import { ReviewRequests } from './ReviewRequests.js';
import { ReviewSection } from './ReviewSection.js';
import { reviewLinks } from './review-links.js';
import { BoundedDescription, MAX_SHOWN_DESCRIPTION } from '../../components/SkillDescription.js';

/** A summary point that quotes the description (the one the listing-differs point already quotes, or "It says it is for"). */
const quotesDescription = (p: SummaryPoint) => p.topic === 'purpose' && p.evidence.some((e) => e.field === 'description');

/** The summary for the review screen: without its "asks" points (they lead the section below), and quoting the description once. */
export function reviewSummary(summary: Summary): { summary: Summary; asks: SummaryPoint[] } {
  const asks = summary.points.filter((p) => p.topic === 'asks');
  // When SKILL.md differs from its listing, the first point quotes both descriptions: the plain "It says it is for" would quote it again.
  const differs = summary.points.some((p) => quotesDescription(p) && p.tone === 'danger');
  const points = summary.points.filter((p) => p.topic !== 'asks' && !(differs && quotesDescription(p) && p.tone !== 'danger'));
  return { summary: { ...summary, points }, asks };
}

export function ReviewReportView({ entry, report }: { entry: SkillEntry; report: ReviewReport }) {
  const { review: scan, run: scanRunning, runError } = useSkillReview(entry);
  const shown = useMemo(() => (scan ? reviewSummary(scan.summary) : undefined), [scan]);
  const links = useMemo(() => reviewLinks(entry), [entry]);
  const notRead = report.files.filter((f) => f.notRead).length;
  // Files left unread because SKILL.md failed (not those a cancel left): they can be read for inspection.
  const skipped = report.cancelled ? 0 : notRead;
  const inspecting = useVerify((s) => s.verifying.has(skillKey(entry.serverId, entry.uri)));
  const inspect = () => {
    void useVerify.getState().verifySkill(entry.serverId, entry.uri, { inspect: true }).then(() => useSelection.getState().openFile(report.files.find((f) => f.notRead)?.uri ?? entry.uri, 'files'));
  };

  return (
    <Stack gap="lg" data-review-report={report.fingerprint} data-review-dynamic={report.dynamic}>
      {report.cancelled ? (
        <Alert color="gray" variant="light" icon={<IconPlayerStop size={18} />} title="The review was cancelled" data-review-cancelled>
          {notRead} of {report.files.length} file{report.files.length === 1 ? ' was' : 's were'} not read, so this version cannot be approved. Review again to read them all.
        </Alert>
      ) : null}
      <ReadRestNotice entry={entry} count={skipped} onRead={inspect} busy={inspecting} />
      <ReviewSection title="In plain words" id="summary">
        {/* The summary quotes SKILL.md as served; until it is written, the listing's words, said to be the listing's. */}
        {scan ? null : (
          <ListingDescription description={report.description} />
        )}
        {scan && shown ? <SkillSummary summary={shown.summary} verdict={reviewVerdict(entry, scan)} onEvidence={links.onEvidence} onFinding={links.onFinding} fileLabel={links.fileLabel} /> : null}
        {!scan && scanRunning ? (
          <Busy>Writing the plain-language summary…</Busy>
        ) : null}
        {runError ? <ErrorNotice title="The content review could not run" message={runError} /> : null}
      </ReviewSection>
      <ReviewSection title="What it asks for" id="requests">
        <ReviewRequests entry={entry} report={report} links={links} plain={shown?.asks ?? []} />
      </ReviewSection>
      <ReviewSection title="Findings" id="findings">
        <ReviewFindings report={report} scan={scan ?? undefined} scanning={Boolean(scanRunning)} links={links} />
      </ReviewSection>
      <ReviewSection title={`Files (${report.files.length})`} id="files">
        <ReviewFiles entry={entry} report={report} links={links} />
      </ReviewSection>
      <ReviewSection title="Where it comes from" id="origin">
        <ReviewOrigin report={report} />
      </ReviewSection>
    </Stack>
  );
}

/** Until the summary is written, the listing's words, said to be the listing's: marked and bounded as on the Overview. */
export function ListingDescription({ description }: { description: string }) {
  return (
    <Text size="sm" data-review-description>
      {description ? (
        <>
          The listing describes it as: <BoundedDescription text={description} max={MAX_SHOWN_DESCRIPTION} />
        </>
      ) : (
        <Text span c="dimmed">
          The listing gives no description.
        </Text>
      )}
    </Text>
  );
}
