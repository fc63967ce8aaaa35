// Every finding about this skill, worst first, each one click from the
// place it refers to. Files not read yet are not checked; the tab says so.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import type { SkillEntry } from '../../../../shared/model.js';
import { isLocalOriginId } from '../../../../shared/review-model.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { FindingsList } from '../../components/FindingsList.js';
import { skillKey } from '../../state/catalog.js';
import { useSelection } from '../../state/selection.js';
import { useSkillDetails } from '../../state/skill-details.js';
import { useVerify } from '../../state/verify.js';
import { ChecksEvidence } from './ChecksEvidence.js';
import { ReviewFindingsNote } from './ReviewFindingsNote.js';
import { ReadRestNotice } from './ReadRestNotice.js';
import { mergeFindings, useFocusedFinding } from './review-findings.js';
import { relativePath } from './use-skill-file.js';
import { useSkillReview } from './use-skill-review.js';

const FRONTMATTER_FIELDS = new Set(['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools']);

export function ChecksTab({ entry }: { entry: SkillEntry }) {
  const key = skillKey(entry.serverId, entry.uri);
  const load = useSkillDetails((s) => s.findings.get(key));
  const openFile = useSelection((s) => s.openFile);
  const openField = useSelection((s) => s.openField);
  const verifying = useVerify((s) => s.verifying.has(key));
  // A local folder's skill is checked when the folder is scanned: its review holds every finding.
  const local = isLocalOriginId(entry.serverId);
  const { review } = useSkillReview(entry);
  // The entry object changes whenever a file is checked: findings follow it.
  useEffect(() => {
    if (!local) void useSkillDetails.getState().loadFindings(entry.serverId, entry.uri);
  }, [entry, local]);
  const findings = useMemo(() => {
    const served = local ? (review ? [] : undefined) : load?.state === 'loaded' ? load.value : load?.state === 'loading' ? load.previous : undefined;
    return mergeFindings(served, review, local);
  }, [load, review, local]);
  const focus = useFocusedFinding(findings);

  return (
    <Stack gap="sm" p="md" className="tab-scroll" data-checks>
      {!local && (entry.status === 'unread' || entry.status === 'partial') ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">Files not read yet are not checked. Verify reads every file of this skill and compares it with the listing.</Text>
            <Button size="compact-xs" loading={verifying} onClick={() => void useVerify.getState().verifySkill(entry.serverId, entry.uri)}>
              Verify
            </Button>
          </Group>
        </Alert>
      ) : null}
      {!local ? <ReadRestNotice entry={entry} busy={verifying} onRead={() => void useVerify.getState().verifySkill(entry.serverId, entry.uri, { inspect: true })} /> : null}
      {findings ? <ChecksEvidence entry={entry} findings={findings} review={review} local={local} /> : null}
      <ReviewFindingsNote entry={entry} review={review} />
      {!local && load?.state === 'error' ? <ErrorNotice title="The findings could not be loaded" message={load.message} onRetry={() => void useSkillDetails.getState().loadFindings(entry.serverId, entry.uri)} /> : null}
      {findings === undefined ? <Loader size="sm" /> : null}
      {findings && findings.length === 0 ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title="No findings" data-no-findings>
          Nothing is wrong with what has been checked so far.
        </Alert>
      ) : null}
      {findings && findings.length > 0 ? (
        <FindingsList
          findings={findings}
          {...(focus ? { focusedId: focus } : {})}
          links={{
            file: (uri) => openFile(uri, 'files'),
            line: (uri, line) => openFile(uri ?? entry.uri, 'bytes', line),
            field: (field) => openField(field),
            isFrontmatterField: (field) => Object.hasOwn(entry.frontmatter, field) || FRONTMATTER_FIELDS.has(field),
            fileLabel: (uri) => relativePath(entry, uri),
          }}
        />
      ) : null}
    </Stack>
  );
}
