// Every file of the review: a list with each file's check, size and whether
// its bytes were kept; the chosen file rendered, as source, or as exact bytes.
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReviewReport } from '../../../../shared/approvals-model.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { FileCheckIcon } from '../../components/FileCheck.js';
import { UriText } from '../../components/UriText.js';
import { skillKey } from '../../state/keys.js';
import { useReviewSession } from '../../state/review-session.js';
import { bytes } from '../approvals/format.js';
import { ReviewFileContent } from './ReviewFileContent.js';
import type { ReviewLinks } from './review-links.js';

export function ReviewFiles({ entry, report, links }: { entry: SkillEntry; report: ReviewReport; links: ReviewLinks }) {
  const view = useReviewSession((s) => s.views.get(skillKey(entry.serverId, entry.uri)));
  const chosen = report.files.find((f) => f.uri === view?.fileUri) ?? report.files[0];
  return (
    <div className="files-layout review-files" data-review-files>
      <Stack gap={2} className="files-tree" p={4} role="listbox" aria-label="Files reviewed">
        {report.files.map((f) => (
          <UnstyledButton
            key={f.uri}
            className="file-node"
            role="option"
            aria-selected={f.uri === chosen?.uri}
            data-selected={f.uri === chosen?.uri || undefined}
            data-review-file={f.path}
            data-review-file-state={f.check.state}
            onClick={() => links.openFile(f.uri)}
          >
            <Group gap={4} wrap="nowrap">
              <FileCheckIcon check={f.check} />
              <Text size="xs" className="mono" truncate style={{ flex: 1, minWidth: 0 }}>
                <UriText uri={f.path} />
              </Text>
              {f.nestedSkillMd ? (
                <Badge size="xs" color="blue" variant="outline" style={{ flex: '0 0 auto' }}>
                  nested skill
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed" style={{ flex: '0 0 auto' }}>
                {f.notRead ? 'not read' : bytes(f.size)}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
      <div className="files-view">{chosen ? <ReviewFileContent key={chosen.uri} entry={entry} file={chosen} links={links} /> : null}</div>
    </div>
  );
}
