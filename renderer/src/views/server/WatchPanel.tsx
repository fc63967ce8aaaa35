// The Watch tab: a stdio server's working folder watched, and after each burst
// of edits what changed — the server started again, listed again, every skill
// reviewed, and the diff since the run before (skills added, removed, changed;
// each file's digest; findings new and fixed), newest run first.
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import type { FailedWatchRun, WatchRun } from '../../../../shared/api-watch.js';
import type { Finding, ServerView } from '../../../../shared/model.js';
import { errorMessage } from '../../api.js';
import { SeverityBadge } from '../../components/SeverityBadge.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { UriText } from '../../components/UriText.js';
import { formatTime } from '../../components/format-time.js';
import { skillKey } from '../../state/keys.js';
import { useSelection } from '../../state/selection.js';
import { useServerWatches } from '../../state/server-watch.js';
import { changedText, pathIn, summariseRun, type SkillChange } from './watch-summary.js';

const NO_RUNS: readonly (WatchRun | FailedWatchRun)[] = [];

export function WatchPanel({ server }: { server: ServerView }) {
  const id = server.config.id;
  const transport = server.config.transport;
  const watch = useServerWatches((s) => s.watches.get(id));
  const runs = useServerWatches((s) => s.runs.get(id) ?? NO_RUNS);
  const cwd = transport.kind === 'stdio' ? transport.cwd : undefined;
  const [folder, setFolder] = useState(cwd ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (transport.kind !== 'stdio') {
    return (
      <Stack gap="sm" p="md" className="tab-scroll" data-watch-panel>
        <Text size="sm" data-watch-unavailable>
          Watch starts a server again after each edit of its folder, so it is for servers the app starts (stdio). This server is reached over {transport.kind.toUpperCase()}: use Compare with a folder and its Watch for the folder it serves.
        </Text>
      </Stack>
    );
  }

  const start = () => {
    setBusy(true);
    setError(undefined);
    useServerWatches
      .getState()
      .start(id, folder.trim() || undefined)
      .then(
        () => undefined,
        (failure: unknown) => setError(errorMessage(failure)),
      )
      .finally(() => setBusy(false));
  };
  const stop = () => {
    setError(undefined);
    useServerWatches
      .getState()
      .stop(id)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  };

  return (
    <Stack gap="sm" p="md" className="tab-scroll" data-watch-panel>
      <Text size="sm">
        After each burst of edits in the folder (.git and node_modules ignored), the server is started again, listed again and every skill reviewed; each run below says what changed since the one before.
      </Text>
      {!cwd && !watch ? (
        <Text size="xs" c="dimmed" data-watch-no-cwd>
          This server has no working folder set. Name the folder to watch (where its skills are), or set a working folder in Edit.
        </Text>
      ) : null}
      <Group gap={6} align="end">
        <TextInput label="Folder to watch" placeholder="/path/to/server" value={watch ? watch.folder : folder} onChange={(e) => setFolder(e.currentTarget.value)} disabled={Boolean(watch)} w={420} data-watch-folder />
        {watch ? (
          <Button size="xs" variant="default" onClick={stop} data-action="stop-watch">
            Stop watching
          </Button>
        ) : (
          <Button size="xs" leftSection={<IconEye size={14} />} onClick={start} loading={busy} disabled={folder.trim() === ''} data-action="start-watch">
            Watch
          </Button>
        )}
      </Group>
      {error ? (
        <Alert color="red" title="Could not watch" data-watch-error>
          <InvisibleText text={error} />
        </Alert>
      ) : null}
      {watch ? (
        <Group gap={6} data-watch-status={watch.running ? 'running' : 'idle'}>
          {watch.running ? <Loader size={12} /> : null}
          <Text size="xs" c="dimmed">
            Watching {watch.folder} · started again {watch.restarts === 1 ? 'once' : `${watch.restarts} times`}
            {watch.running ? ' · a run is under way…' : ' · waiting for edits'}
          </Text>
        </Group>
      ) : null}
      {runs.map((run) => (
        <RunCard key={run.run} serverId={id} run={run} />
      ))}
    </Stack>
  );
}

export function RunCard({ serverId, run }: { serverId: string; run: WatchRun | FailedWatchRun }) {
  const header = `Run ${run.run} · ${changedText(run.changed)}`;
  // A run that failed carries its error instead of a diff (api-watch.ts is only imported for types: it holds zod schemas).
  if ('error' in run) {
    return (
      <Paper withBorder p="sm" data-watch-run={run.run} data-watch-run-state="failed">
        <Text size="sm" fw={600} data-watch-run-header>
          <InvisibleText text={header} identifier />
        </Text>
        <Alert color="red" mt={6} title="This run could not finish; the next one is compared with the last that did">
          <InvisibleText text={run.error} />
        </Alert>
      </Paper>
    );
  }
  const summary = summariseRun(run);
  const totals = `${run.skillCount} skill(s); ${run.counts.error} error(s), ${run.counts.warning} warning(s), ${run.counts.info} info`;
  return (
    <Paper withBorder p="sm" data-watch-run={run.run} data-watch-run-state="done">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} data-watch-run-header>
            <InvisibleText text={header} identifier />: {run.run === 1 ? 'every skill listed and reviewed' : summary.headline}
          </Text>
          <Text size="xs" c="dimmed">
            {formatTime(run.finishedAt)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" data-watch-run-totals>
          {totals}
          {run.run === 1 ? ' · the runs after this one say what changed since the one before' : ''}
        </Text>
        {run.run > 1 ? summary.skills.map((skill) => <SkillLines key={skill.uri} serverId={serverId} skill={skill} />) : null}
        {run.run > 1 ? <FindingLines label="Server" findings={summary.serverFindings} /> : null}
        {run.omitted > 0 ? (
          <Text size="xs" c="dimmed">
            {run.omitted} more change(s) are not shown.
          </Text>
        ) : null}
        {run.notReviewed.length > 0 ? (
          <Text size="xs" c="orange" data-watch-not-reviewed>
            Not reviewed this run (their findings are missing):{' '}
            {run.notReviewed.map((n, i) => (
              <Fragment key={i}>
                {i > 0 ? '; ' : ''}
                <UriText uri={n.skillUri} />: <InvisibleText text={n.error} />
              </Fragment>
            ))}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

const KIND_WORD: Record<SkillChange['kind'], string> = { changed: 'changed', added: 'added', removed: 'removed', findings: 'findings changed' };

function SkillLines({ serverId, skill }: { serverId: string; skill: SkillChange }) {
  const open = () => useSelection.getState().openSkill(skillKey(serverId, skill.uri), 'checks');
  return (
    <Stack gap={2} pl={4} data-watch-skill={skill.uri} data-watch-skill-kind={skill.kind}>
      <Group gap={6} wrap="nowrap">
        <Badge size="xs" variant="light" color={skill.kind === 'removed' ? 'gray' : skill.kind === 'added' ? 'green' : 'blue'}>
          {KIND_WORD[skill.kind]}
        </Badge>
        {skill.kind === 'removed' ? (
          <Text size="sm" className="mono">
            <UriText uri={skill.name} />
          </Text>
        ) : (
          <Anchor component="button" type="button" size="sm" className="mono" onClick={open}>
            <UriText uri={skill.name} />
          </Anchor>
        )}
      </Group>
      {skill.files.map((f) => (
        <Text key={`${f.change}:${f.path}`} size="xs" pl={8} className="mono" data-watch-file={f.path} data-watch-file-change={f.change}>
          <UriText uri={f.path} /> {f.change}
        </Text>
      ))}
      <FindingLines findings={skill} skillUri={skill.uri} />
    </Stack>
  );
}

function FindingLines({ findings, skillUri, label }: { findings: Pick<SkillChange, 'findingsNew' | 'findingsFixed' | 'findingsChanged'>; skillUri?: string; label?: string }) {
  const rows: [string, Finding][] = [
    ...findings.findingsNew.map((f): [string, Finding] => ['new', f]),
    ...findings.findingsFixed.map((f): [string, Finding] => ['fixed', f]),
    ...findings.findingsChanged.map((f): [string, Finding] => ['changed', f]),
  ];
  if (rows.length === 0) return null;
  return (
    <Stack gap={2} pl={8}>
      {label ? (
        <Text size="xs" fw={600}>
          {label}
        </Text>
      ) : null}
      {rows.map(([state, f], i) => {
        const where = [f.location.fileUri && skillUri ? pathIn(f.location.fileUri, skillUri) : f.location.fileUri, f.location.line !== undefined ? `line ${f.location.line}` : undefined].filter(Boolean).join(' ');
        return (
          <Group key={`${state}:${f.id}:${i}`} gap={6} wrap="nowrap" align="flex-start" data-watch-finding={f.id} data-watch-finding-state={state}>
            <Text size="xs" fw={600} w={48} style={{ flex: '0 0 auto' }}>
              {state === 'new' ? 'New' : state === 'fixed' ? 'Fixed' : 'Changed'}
            </Text>
            <SeverityBadge severity={f.severity} size="xs" />
            <Text size="xs" style={{ overflowWrap: 'anywhere', textDecoration: state === 'fixed' ? 'line-through' : undefined }}>
              <InvisibleText text={f.title} />
              {where ? (
                <>
                  {' ('}
                  <UriText uri={where} />)
                </>
              ) : null}
              : <InvisibleText text={f.message} />
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
