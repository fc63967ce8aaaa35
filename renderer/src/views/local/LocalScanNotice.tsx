// Above a local skill's tabs when its folder held more files than the scan
// reads: the skill is incomplete — not verified. It says how many files there
// are, how many were scanned, and names every file that was not (an unscanned
// file can hold anything; a reviewer must be able to see which).
import { Alert, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { SkillEntry } from '../../../../shared/model.js';
import { useSkillReview } from '../skill/use-skill-review.js';

export function LocalScanNotice({ entry }: { entry: SkillEntry }) {
  const scan = useSkillReview(entry).review?.localScan;
  if (!scan) return null;
  const missing = scan.notScanned.length;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" title="Incomplete — not verified" data-local-incomplete>
      <Stack gap={4}>
        <Text size="sm" data-local-scan-counts>
          This folder holds {scan.fileCount.toLocaleString()} files; {scan.scannedCount.toLocaleString()} were scanned. The other {missing.toLocaleString()} were never opened, so nothing here says what they contain.
        </Text>
        <Text size="xs" fw={700}>
          Not scanned ({missing.toLocaleString()}):
        </Text>
        <ScrollArea.Autosize mah={140} type="auto">
          {/* One text block, not one element per name: a folder can hold thousands. */}
          <Text size="xs" className="mono" style={{ whiteSpace: 'pre' }} data-local-not-scanned>
            {scan.notScanned.join('\n')}
          </Text>
        </ScrollArea.Autosize>
      </Stack>
    </Alert>
  );
}
