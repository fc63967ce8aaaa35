// The Changes tab: what changed since the approval (or between any two
// versions the app has seen), exactly — files, sizes, digests, line diffs,
// frontmatter — with re-approval from the diff and the history of versions.
// Why an approval was revoked names each file or field that changed (the
// server's names): drawn with their invisible and bidi characters as marks.
import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconGitCompare, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { ApprovalRecord, SkillHistory, VersionRef } from '../../../../shared/approvals-model.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { errorMessage } from '../../api.js';
import { Busy } from '../../components/Busy.js';
import { Empty } from '../../components/Empty.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { useApproval } from '../../state/approvals.js';
import { useCatalog } from '../../state/catalog.js';
import { skillKey } from '../../state/keys.js';
import { useReviewSession } from '../../state/review-session.js';
import { serverById, useServers } from '../../state/servers.js';
import { useShownVerdict } from '../../state/use-shown-verdict.js';
import { contentSignature } from '../skill/use-skill-review.js';
import { ChangeReviewRunning } from './ChangeReviewRunning.js';
import { DiffView } from './DiffView.js';
import { HistoryList } from './HistoryList.js';
import { shortDigest, when } from './format.js';

/** What to compare when the user has not chosen: the approval with what is served now, else the last two versions seen. */
function defaultRefs(hasDecision: boolean, history: SkillHistory | undefined): { from: VersionRef; to: VersionRef } | undefined {
  if (hasDecision) return { from: 'approved', to: 'current' };
  const versions = history?.versions ?? [];
  const current = history?.currentFingerprint;
  const earlier = versions.filter((v) => v.fingerprint !== current);
  return current && earlier.length > 0 ? { from: earlier[earlier.length - 1]!.fingerprint, to: 'current' } : undefined;
}

/**
 * Why the approval was revoked, above the diff; drawn from props, so it can be drawn without the store. While the
 * change review of the version served now runs (`reviewing`), it says so: what it finds comes with the diff below.
 */
export function ChangedSinceApproval({ record, reviewing = false }: { record: ApprovalRecord; reviewing?: boolean }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Changed since approval" data-changed-since-approval>
      <Text size="sm">
        {record.revoked ? <InvisibleText text={record.revoked.reason} /> : 'The server serves something other than what you approved.'} The approval was revoked {when(record.revoked?.at)} and the skill disabled. Below is exactly what changed; approve the new version only once you have read it.
      </Text>
      {reviewing ? (
        <div style={{ marginTop: 6 }}>
          <ChangeReviewRunning size="sm">The change review of the version served now is running: what it finds, and each error to acknowledge before approving, shows below when it ends.</ChangeReviewRunning>
        </div>
      ) : null}
    </Alert>
  );
}

export function ChangesTab({ entry }: { entry: SkillEntry }) {
  const { serverId, uri } = entry;
  const key = skillKey(serverId, uri);
  const record = useApproval(serverId, uri);
  const hasApproval = record !== undefined && record.decision !== 'declined';
  const diff = useReviewSession((s) => s.diffs.get(key));
  const historyLoad = useReviewSession((s) => s.histories.get(key));
  const history = historyLoad?.state === 'loaded' ? historyLoad.value : undefined;
  const connected = useServers((s) => serverById(s.servers, serverId)?.connection.status === 'connected');
  const signature = contentSignature(entry);
  const [checking, setChecking] = useState<{ state: 'idle' } | { state: 'running' } | { state: 'error'; message: string }>({ state: 'idle' });

  const historyMissing = historyLoad === undefined;
  useEffect(() => {
    void useReviewSession.getState().loadHistory(serverId, uri);
  }, [serverId, uri, signature, historyMissing]);

  const defaults = useMemo(() => defaultRefs(hasApproval, history), [hasApproval, history]);
  const from = diff?.from ?? defaults?.from;
  const to = diff?.to ?? defaults?.to;
  // A decision dropped the diff (it may be stale): that alone must load it again.
  const diffMissing = diff === undefined;
  useEffect(() => {
    if (!from || !to) return;
    const current = useReviewSession.getState().diffs.get(key);
    if (current && current.from === from && current.to === to && current.signature === signature) return;
    void useReviewSession.getState().loadDiff(serverId, uri, from, to, signature);
  }, [key, serverId, uri, from, to, signature, diffMissing]);

  const pick = (f: VersionRef, t: VersionRef) => void useReviewSession.getState().loadDiff(serverId, uri, f, t, signature);
  const checkAgain = () => {
    setChecking({ state: 'running' });
    useCatalog
      .getState()
      .refresh(serverId)
      .then(
        () => setChecking({ state: 'idle' }),
        (error: unknown) => setChecking({ state: 'error', message: errorMessage(error) }),
      );
  };
  const servedOther = useMemo(() => servedOtherPaths(entry), [entry]);
  const options = useMemo(() => versionOptions(hasApproval, history, servedOther.length > 0), [hasApproval, history, servedOther]);
  const loaded = diff?.load.state === 'loaded' ? diff.load.value : undefined;
  const reviewing = useShownVerdict(entry) === 'reviewing';

  return (
    // Scrolls as one block: items of a scrolling flex column would otherwise be squeezed to fit.
    <div className="tab-scroll" data-changes-tab>
      <Stack gap="md" p="md">
        {record?.decision === 'changed' ? <ChangedSinceApproval record={record} reviewing={reviewing} /> : null}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select size="xs" label="Compare" data={options} value={from ?? null} onChange={(v) => v && pick(v, to ?? 'current')} allowDeselect={false} w={260} disabled={options.length === 0} data-compare="from" />
          <Select size="xs" label="with" data={options} value={to ?? null} onChange={(v) => v && pick(from ?? 'approved', v)} allowDeselect={false} w={260} disabled={options.length === 0} data-compare="to" />
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={checking.state === 'running'} disabled={!connected} onClick={checkAgain} data-action="check-again">
            Check the server again
          </Button>
        </Group>
        {checking.state === 'error' ? <ErrorNotice title="The server could not be asked again" message={checking.message} /> : null}
        {!from || !to ? (
          historyLoad?.state === 'loading' ? (
            <Loader size="sm" />
          ) : (
            <Empty icon={<IconGitCompare size={28} />} title="Nothing to compare yet">
              The app records every version of this skill the server serves. Once you approve it, or once the server serves a different version, the changes show here.
            </Empty>
          )
        ) : null}
        {diff?.load.state === 'loading' ? (
          <Busy>Comparing… (the bytes the server serves now are read and verified)</Busy>
        ) : null}
        {diff?.load.state === 'error' ? <ErrorNotice title="The versions could not be compared" message={diff.load.message} onRetry={() => pick(diff.from, diff.to)} /> : null}
        {loaded ? <DiffView diff={loaded} /> : null}
        {history && history.versions.length > 0 ? (
          <Stack gap={4} data-history-section>
            <Text size="sm" fw={600}>
              Every version seen ({history.versions.length})
            </Text>
            <HistoryList history={history} from={loaded?.from.fingerprint} to={loaded?.to.fingerprint} onPick={pick} servedOther={servedOther} />
        </Stack>
      ) : null}
      {historyLoad?.state === 'error' ? <ErrorNotice title="The history could not be read" message={historyLoad.message} /> : null}
      </Stack>
    </div>
  );
}

/** The files whose last read failed its check, by their path under the skill's root (its URI where it is not under it). */
function servedOtherPaths(entry: SkillEntry): string[] {
  const root = entry.uri.slice(0, entry.uri.lastIndexOf('/') + 1);
  return Object.entries(entry.files)
    .filter(([, check]) => check.state === 'failed')
    .map(([uri]) => (uri.startsWith(root) ? uri.slice(root.length) : uri));
}

/**
 * The versions to compare. "What the server serves now" is the listing as read
 * now; when its last reads got other bytes than it lists, the option says so,
 * as the history's badge does, rather than call the listing what is served.
 */
function versionOptions(hasApproval: boolean, history: SkillHistory | undefined, servedOther = false): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  if (hasApproval) out.push({ value: 'approved', label: 'The approved version' });
  out.push({ value: 'current', label: servedOther ? 'Listed now — served bytes differ' : 'What the server serves now' });
  for (const [i, v] of (history?.versions ?? []).entries()) {
    out.push({ value: v.fingerprint, label: `${i + 1}. ${shortDigest(v.fingerprint)} · seen ${when(v.firstSeen)}` });
  }
  return out;
}
