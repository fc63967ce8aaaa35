// The selected skill, right: who serves it, its state in words, Verify, and
// the tabs. A file is read when a tab shows it (the Overview shows SKILL.md,
// so opening a skill reads that) or on Verify — never ahead.
import { Badge, Button, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconChecklist, IconClick } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { SkillEntry } from '../../../shared/model.js';
import { isLocalOriginId } from '../../../shared/review-model.js';
import { ApprovalBadge } from '../components/ApprovalBadge.js';
import { Empty } from '../components/Empty.js';
import { ErrorNotice } from '../components/ErrorNotice.js';
import { CopyIcon } from '../components/JsonView.js';
import { SeverityBadge } from '../components/SeverityBadge.js';
import { LegacyBadge, StatusBadge } from '../components/StatusBadge.js';
import { UriText } from '../components/UriText.js';
import { skillKey, useCatalog } from '../state/catalog.js';
import { originById, useLocalOrigins } from '../state/local-origins.js';
import { type DetailTab, useSelection } from '../state/selection.js';
import { serverById, useServers } from '../state/servers.js';
import { useVerify } from '../state/verify.js';
import { ApprovalHeaderActions } from './approvals/ApprovalHeaderActions.js';
import { ChangesTab } from './approvals/ChangesTab.js';
import { LocalScanNotice } from './local/LocalScanNotice.js';
import { LocalStatusBadge } from './local/LocalStatusBadge.js';
import { useReviewCounts } from './skill/use-skill-review.js';
import { ReviewTab } from './review/ReviewTab.js';
import { BytesTab } from './skill/BytesTab.js';
import { ChecksTab } from './skill/ChecksTab.js';
import { FilesTab } from './skill/FilesTab.js';
import { FrontmatterTab } from './skill/FrontmatterTab.js';
import { OverviewTab } from './skill/OverviewTab.js';
import { ProvenanceTab } from './skill/ProvenanceTab.js';

export const TAB_LABELS: Record<DetailTab, string> = {
  overview: 'Overview',
  review: 'Review',
  files: 'Files',
  bytes: 'Bytes',
  frontmatter: 'Frontmatter',
  checks: 'Checks',
  changes: 'Changes',
  provenance: 'Provenance',
};

const TAB_VIEWS: Record<DetailTab, ComponentType<{ entry: SkillEntry }>> = {
  overview: OverviewTab,
  files: FilesTab,
  bytes: BytesTab,
  frontmatter: FrontmatterTab,
  checks: ChecksTab,
  review: ReviewTab,
  changes: ChangesTab,
  provenance: ProvenanceTab,
};

/** Tabs about approving what a server serves: a local folder's skill has none of that. */
const SERVED_ONLY_TABS: ReadonlySet<DetailTab> = new Set<DetailTab>(['review', 'changes']);

export function DetailPane() {
  const key = useSelection((s) => s.skillKey);
  const entry = useCatalog((s) => (key ? s.skills.get(key) : undefined));
  if (!key) {
    return (
      <Empty icon={<IconClick size={28} />} title="No skill selected">
        Choose a skill in the list to see what it will make your agent do, its files, its checks and where it comes from. Arrow keys move, Enter opens.
      </Empty>
    );
  }
  if (!entry) {
    return (
      <Empty title="This skill is no longer listed">
        Its server was removed, disconnected and listed again without it, or the listing changed. Choose another skill, or load it by URI.
      </Empty>
    );
  }
  return <SkillDetail entry={entry} />;
}

function SkillDetail({ entry }: { entry: SkillEntry }) {
  const tab = useSelection((s) => s.tab);
  const setTab = useSelection((s) => s.setTab);
  const server = useServers((s) => serverById(s.servers, entry.serverId));
  const key = skillKey(entry.serverId, entry.uri);
  const verifying = useVerify((s) => s.verifying.has(key));
  const verifyError = useVerify((s) => s.verifyErrors.get(key));
  const connected = server?.connection.status === 'connected';
  const { serverId, uri } = entry;
  // A local folder's skill is read from disk, not served: nothing to verify against, nothing to approve.
  const local = isLocalOriginId(serverId);
  const origin = useLocalOrigins((s) => (local ? originById(s.origins, serverId) : undefined));
  // A served skill's counts leave out its content review's findings (a local skill's include them).
  const reviewCounts = useReviewCounts(key, local);
  const checkCount = entry.errorCount + entry.warningCount + reviewCounts.errors + reviewCounts.warnings;

  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }} data-detail-skill={entry.uri}>
      <Stack gap={4} px="md" pt="sm" pb={6} className="pane-header">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }} data-detail-name>
              {entry.pathPrefix ? (
                <Text span c="dimmed" inherit fw={400}>
                  {entry.pathPrefix}/
                </Text>
              ) : null}
              {entry.name}
            </Title>
            <Group gap={4} wrap="nowrap">
              <Text className="mono" size="xs" c="dimmed" truncate data-detail-uri>
                <UriText uri={entry.uri} />
              </Text>
              <CopyIcon value={entry.uri} label="Copy skill URI" />
            </Group>
          </Stack>
          {local ? null : (
            <Group gap={6} wrap="nowrap">
              {verifying ? (
                <Button size="xs" variant="default" onClick={() => void useVerify.getState().cancelVerify(serverId, uri)} data-action="cancel-verify-skill">
                  Cancel
                </Button>
              ) : null}
              <Tooltip label={connected ? 'Read every file of this skill and compare it with the listing' : 'Connect the server first'} withArrow>
                <Button size="xs" leftSection={<IconChecklist size={14} />} loading={verifying} disabled={!connected} onClick={() => void useVerify.getState().verifySkill(serverId, uri)} data-action="verify-skill">
                  Verify
                </Button>
              </Tooltip>
            </Group>
          )}
        </Group>
        <Group gap={6}>
          {local ? <LocalStatusBadge status={entry.status} /> : <StatusBadge status={entry.status} />}
          {entry.legacyForm ? <LegacyBadge form={entry.legacyForm} /> : null}
          {local ? null : <ApprovalBadge approval={entry.approval} enabled={entry.enabled} />}
          {local ? null : <ApprovalHeaderActions entry={entry} />}
          {entry.errorCount > 0 ? <SeverityBadge severity="error" count={entry.errorCount} /> : null}
          {entry.warningCount > 0 ? <SeverityBadge severity="warning" count={entry.warningCount} /> : null}
          <Text size="xs" c="dimmed" data-detail-origin={origin?.label ?? server?.config.label ?? entry.serverId}>
            {local ? 'in the local folder ' : 'on '}
            <b>{origin?.label ?? server?.config.label ?? entry.serverId}</b>
            {server && !connected ? ` (${server.connection.status})` : ''}
          </Text>
        </Group>
        {verifyError ? <ErrorNotice title="Verify failed" message={verifyError} /> : null}
        {local ? <LocalScanNotice entry={entry} /> : null}
      </Stack>
      <Tabs value={tab} onChange={(value) => value && setTab(value as DetailTab)} keepMounted={false} className="detail-tabs">
        <Tabs.List px="xs">
          {(Object.keys(TAB_LABELS) as DetailTab[]).filter((value) => !local || !SERVED_ONLY_TABS.has(value)).map((value) => (
            <Tabs.Tab key={value} value={value} data-tab={value} rightSection={value === 'checks' && checkCount > 0 ? <Badge size="xs" color={entry.errorCount + reviewCounts.errors > 0 ? 'red' : 'yellow'} variant="filled" circle>{checkCount}</Badge> : null}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {(Object.keys(TAB_VIEWS) as DetailTab[]).map((value) => {
          const View = TAB_VIEWS[value];
          return (
            <Tabs.Panel key={value} value={value} className="tab-panel">
              <View entry={entry} />
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Stack>
  );
}
