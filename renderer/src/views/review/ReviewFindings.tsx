// Every finding of the review: the format and protocol checks of the files
// just read, and the content-risk findings, worst first; then any text a
// reader would not see but the model receives.
import { Alert, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ReviewReport } from '../../../../shared/approvals-model.js';
import type { Finding } from '../../../../shared/model.js';
import type { SkillReview } from '../../../../shared/review-model.js';
import { Busy } from '../../components/Busy.js';
import { FindingsList } from '../../components/FindingsList.js';
import { HiddenTextList } from '../../components/HiddenTextList.js';
import type { ReviewLinks } from './review-links.js';

export function ReviewFindings({ report, scan, scanning, links }: { report: ReviewReport; scan: SkillReview | undefined; scanning: boolean; links: ReviewLinks }) {
  const findings = useMemo<readonly Finding[]>(() => [...report.findings, ...(scan?.findings ?? [])], [report.findings, scan?.findings]);
  return (
    <Stack gap="sm" data-review-findings={findings.length}>
      {findings.length === 0 && !scanning ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} p="xs" data-no-findings>
          <Text size="sm">No findings. The checks found nothing wrong with these files; that is consistency, not a promise of safety — read the files below.</Text>
        </Alert>
      ) : null}
      {findings.length > 0 ? <FindingsList findings={findings} links={links.findings} /> : null}
      {scanning && !scan ? (
        <Busy>Looking for risky content…</Busy>
      ) : null}
      {scan && scan.hidden.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Text you would not see, which the model receives
          </Text>
          <HiddenTextList hidden={scan.hidden} onOpen={links.onHidden} fileLabel={links.fileLabel} />
        </Stack>
      ) : null}
    </Stack>
  );
}
