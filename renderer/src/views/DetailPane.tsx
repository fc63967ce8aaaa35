// The selected skill, right: who serves it, its state in words, Verify, and
// the tabs. A file is read when a tab shows it (the Overview shows SKILL.md,
// so opening a skill reads that) or on Verify — never ahead.
import { Badge, Button, Group, Loader, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconChecklist, IconClick, IconListDetails, IconServer2 } from '@tabler/icons-react';
import { lazy, Suspense, type ComponentType } from 'react';
import type { SkillEntry } from '../../../shared/model.js';
import { isLocalOriginId, LOCAL_ORIGIN_PREFIX } from '../../../shared/review-model.js';
import { ApprovalBadge } from '../components/ApprovalBadge.js';
import { Empty } from '../components/Empty.js';
import { ErrorNotice } from '../components/ErrorNotice.js';
import { CopyIcon } from '../components/JsonView.js';
import { SeverityBadge } from '../components/SeverityBadge.js';
import { InvisibleText } from '../components/InvisibleText.js';
import { VerdictBadge } from '../components/VerdictBadge.js';
import { useShownVerdict } from '../state/use-shown-verdict.js';
import { LegacyBadge, StatusBadge } from '../components/StatusBadge.js';
import { UriText } from '../components/UriText.js';
import { skillKey, useCatalog } from '../state/catalog.js';
import { originById, useLocalOrigins } from '../state/local-origins.js';
import { type DetailTab, useSelection } from '../state/selection.js';
import { Busy } from '../components/Busy.js';
import { ALL_SERVERS, SERVER_NOT_LISTED, serverById, useServers } from '../state/servers.js';
import { useVerify } from '../state/verify.js';
import { ApprovalHeaderActions } from './approvals/ApprovalHeaderActions.js';
import { LocalScanNotice } from './local/LocalScanNotice.js';
import { LocalStatusBadge } from './local/LocalStatusBadge.js';
import { ChecksTab } from './skill/ChecksTab.js';
import { FilesTab } from './skill/FilesTab.js';
import { OverviewTab } from './skill/OverviewTab.js';
import { serverActions } from './server-actions.js';
import { skillTabs, TAB_LABELS } from './skill-tabs.js';

// The tabs past the first are loaded when a skill is first opened, not with the window: the
// frontmatter tab brings yaml, the review and changes tabs their diff and rule views.
const ChangesTab = lazy(() => import('./approvals/ChangesTab.js').then((m) => ({ default: m.ChangesTab })));
const ReviewTab = lazy(() => import('./review/ReviewTab.js').then((m) => ({ default: m.ReviewTab })));
const BytesTab = lazy(() => import('./skill/BytesTab.js').then((m) => ({ default: m.BytesTab })));
const FrontmatterTab = lazy(() => import('./skill/FrontmatterTab.js').then((m) => ({ default: m.FrontmatterTab })));
const ProvenanceTab = lazy(() => import('./skill/ProvenanceTab.js').then((m) => ({ default: m.ProvenanceTab })));

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

export function DetailPane() {
  const key = useSelection((s) => s.skillKey);
  const entry = useCatalog((s) => (key ? s.skills.get(key) : undefined));
  if (!key) return <NoSkillSelected />;
  if (!entry) {
    return (
      <Empty title="This skill is no longer listed">
        Its server was removed, disconnected and listed again without it, or the listing changed. Choose another skill, or load it by URI.
      </Empty>
    );
  }
  return <SkillDetail entry={entry} />;
}

/** Nothing open: what to do next, in terms of the server chosen on the left (one that lists no skills says so). */
function NoSkillSelected() {
  const selected = useServers((s) => s.selectedServerId);
  const server = useServers((s) => (selected === ALL_SERVERS ? undefined : serverById(s.servers, selected)));
  const listed = useCatalog((s) => {
    if (!server) return -1;
    let n = 0;
    for (const e of s.skills.values()) if (e.serverId === server.config.id) n++;
    return n;
  });
  const streaming = useCatalog((s) => server !== undefined && s.listing.has(server.config.id));
  if (server && listed === 0) {
    const { label, id } = server.config;
    const status = server.connection.status;
    // The same cases as the catalog's empty state beside it, said about this pane.
    const title = streaming ? `Listing the skills of ${label}…` : status === 'connected' && server.worstSeverity === 'error' ? `The skill listing of ${label} failed` : `${label} lists no skills`;
    return (
      <div data-detail-empty="server" data-detail-server={label} style={{ display: 'contents' }}>
        <Empty
          icon={streaming ? <Loader size="sm" /> : <IconServer2 size={28} />}
          title={title}
          actions={
            streaming || status === 'connecting' ? null : status === 'connected' ? (
              <Button size="xs" variant="default" onClick={() => serverActions.overview(id)}>
                Server overview
              </Button>
            ) : (
              <Button size="xs" onClick={() => serverActions.connect(id)}>
                Connect
              </Button>
            )
          }
        >
          {streaming
            ? 'Its skills show in the list as they arrive; choose one to see it here.'
            : status === 'connected'
              ? 'There is no skill of this server to show. Its overview says what it declared and what went wrong, if anything; a skill it serves only by URI can be loaded by URI.'
              : status === 'connecting'
                ? 'It is connecting; its skills show in the list as they arrive.'
                : 'It is not connected, so its skills are not listed. Connect it to list them; no file is read until you open one.'}
        </Empty>
      </div>
    );
  }
  return (
    <div data-detail-empty="none" style={{ display: 'contents' }}>
      <Empty icon={<IconClick size={28} />} title="No skill selected">
        Choose a skill in the list to see what it will make your agent do, its files, its checks and where it comes from. Arrow keys move, Enter opens.
      </Empty>
    </div>
  );
}

function SkillDetail({ entry }: { entry: SkillEntry }) {
  const tab = useSelection((s) => s.tab);
  const setTab = useSelection((s) => s.setTab);
  const server = useServers((s) => serverById(s.servers, entry.serverId));
  const key = skillKey(entry.serverId, entry.uri);
  const verifying = useVerify((s) => s.verifying.has(key));
  const verifyError = useVerify((s) => s.verifyErrors.get(key));
  const shownVerdict = useShownVerdict(entry);
  const connected = server?.connection.status === 'connected';
  const { serverId, uri } = entry;
  // A local folder's skill is read from disk, not served: nothing to verify against, nothing to approve.
  const local = isLocalOriginId(serverId);
  const origin = useLocalOrigins((s) => (local ? originById(s.origins, serverId) : undefined));
  // Where the skill comes from, as the user knows it: never a server's internal id (a folder's is its path).
  const originName = origin?.label ?? server?.config.label ?? (local ? serverId.slice(LOCAL_ORIGIN_PREFIX.length) : SERVER_NOT_LISTED);
  // The counts include the last content review's findings that still hold (the engine's view adds them, as a local scan does).
  const checkCount = entry.errorCount + entry.warningCount;

  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }} data-detail-skill={entry.uri}>
      <Stack gap={4} px="md" pt="sm" pb={6} className="pane-header" data-detail-header>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            {/* Focusable from code only: Open <skill> in the palette puts focus here (palette-focus.ts), and Tab goes on from it; Tab itself does not stop at a heading. */}
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }} tabIndex={-1} data-detail-name>
              {entry.pathPrefix ? (
                <Text span c="dimmed" inherit fw={400}>
                  <InvisibleText text={`${entry.pathPrefix}/`} identifier />
                </Text>
              ) : null}
              <InvisibleText text={entry.name} identifier />
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
              <Tooltip label="The messages the app exchanged with the server about this skill" withArrow>
                <Button size="xs" variant="default" leftSection={<IconListDetails size={14} />} onClick={() => serverActions.logOfSkill(serverId, uri)} data-action="skill-protocol-log">
                  Show in protocol log
                </Button>
              </Tooltip>
            </Group>
          )}
        </Group>
        <Group gap={6}>
          {/* The counts are the severity badges beside it. */}
          <VerdictBadge verdict={shownVerdict} review={entry.review} />
          {local ? <LocalStatusBadge status={entry.status} /> : <StatusBadge status={entry.status} />}
          {entry.legacyForm ? <LegacyBadge form={entry.legacyForm} /> : null}
          {local ? null : <ApprovalBadge approval={entry.approval} enabled={entry.enabled} />}
          {local ? null : <ApprovalHeaderActions entry={entry} />}
          {entry.errorCount > 0 ? <SeverityBadge severity="error" count={entry.errorCount} /> : null}
          {entry.warningCount > 0 ? <SeverityBadge severity="warning" count={entry.warningCount} /> : null}
          <Text size="xs" c="dimmed" data-detail-origin={originName}>
            {local ? 'in the local folder ' : 'on '}
            <b>
              <InvisibleText text={originName} identifier />
            </b>
            {server && !connected ? ` (${server.connection.status})` : ''}
          </Text>
        </Group>
        {verifyError ? <ErrorNotice title="Verify failed" message={verifyError} /> : null}
        {local ? <LocalScanNotice entry={entry} /> : null}
      </Stack>
      <Tabs value={tab} onChange={(value) => value && setTab(value as DetailTab)} keepMounted={false} className="detail-tabs">
        <Tabs.List px="xs">
          {skillTabs(serverId).map((value) => (
            <Tabs.Tab key={value} value={value} data-tab={value} rightSection={value === 'checks' && checkCount > 0 ? <Badge size="xs" color={entry.errorCount > 0 ? 'red' : 'yellow'} variant="filled" circle>{checkCount}</Badge> : null}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {(Object.keys(TAB_VIEWS) as DetailTab[]).map((value) => {
          const View = TAB_VIEWS[value];
          return (
            <Tabs.Panel key={value} value={value} className="tab-panel">
              <Suspense fallback={<Busy>Loading…</Busy>}>
                <View entry={entry} />
              </Suspense>
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Stack>
  );
}
