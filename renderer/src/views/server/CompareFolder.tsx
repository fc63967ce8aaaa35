// "Compare with a folder": the server's skills against the skills the SDK
// builds from a local folder of skill folders — every difference (missing,
// extra, different bytes, different frontmatter) as a finding. With Watch on,
// the main process compares again after every change of the folder (a stdio
// server restarted first) and pushes the new result.
import { Alert, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { FolderComparison } from '../../../../shared/api.js';
import type { ServerView } from '../../../../shared/model.js';
import { api, errorMessage } from '../../api.js';
import { FindingsList } from '../../components/FindingsList.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { formatTime } from '../../components/format-time.js';

/** Remembered per server while the app runs: leaving the tab keeps the folder and the last result. */
const remembered = new Map<string, { folder: string; result?: FolderComparison }>();

export function CompareFolder({ server }: { server: ServerView }) {
  const id = server.config.id;
  const [folder, setFolder] = useState(() => remembered.get(id)?.folder ?? '');
  const [result, setResult] = useState<FolderComparison | undefined>(() => remembered.get(id)?.result);
  const [watching, setWatching] = useState(() => remembered.get(id)?.result?.watching ?? false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const connected = server.connection.status === 'connected';

  useEffect(
    () =>
      api.on('source.compared', (pushed) => {
        if (pushed.serverId !== id) return;
        remembered.set(id, { folder: pushed.folder, result: pushed });
        setResult(pushed);
      }),
    [id],
  );

  const compare = (watch: boolean) => {
    setBusy(true);
    setError(undefined);
    api
      .call('skills.compareWithFolder', { serverId: id, folder: folder.trim(), watch })
      .then(
        (compared) => {
          remembered.set(id, { folder: folder.trim(), result: compared });
          setResult(compared);
          setWatching(watch);
        },
        (failure: unknown) => setError(errorMessage(failure)),
      )
      .finally(() => setBusy(false));
  };
  const toggleWatch = (on: boolean) => {
    if (on) {
      compare(true);
      return;
    }
    setWatching(false);
    api.call('skills.stopWatchingFolder', { serverId: id }).catch((failure: unknown) => setError(errorMessage(failure)));
  };

  return (
    <Stack gap="sm" p="md" className="tab-scroll" data-compare-folder>
      <Text size="sm">
        Compare what this server serves with a local folder of skill folders, as the SDK&apos;s loadSkills builds them: digests, sizes and frontmatter computed exactly as a server would.
      </Text>
      <Group gap={6} align="end">
        <TextInput label="Source folder" placeholder="/path/to/skills" value={folder} onChange={(e) => setFolder(e.currentTarget.value)} w={420} data-source-folder />
        <Button size="xs" onClick={() => compare(watching)} loading={busy} disabled={!connected || folder.trim() === ''} data-action="compare-folder">
          Compare
        </Button>
        <Switch label="Watch: compare again on every change" checked={watching} disabled={!connected || folder.trim() === ''} onChange={(e) => toggleWatch(e.currentTarget.checked)} data-source-watch />
      </Group>
      {!connected ? (
        <Text size="xs" c="dimmed">
          Connect the server to compare it.
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" title="Could not compare" data-compare-error>
          <InvisibleText text={error} />
        </Alert>
      ) : null}
      {result ? <ComparisonResult result={result} /> : null}
    </Stack>
  );
}

export function ComparisonResult({ result }: { result: FolderComparison }) {
  return (
    <Stack gap={6} data-comparison={result.findings.length === 0 && !result.error ? 'clean' : 'different'} data-compared-at={result.comparedAt}>
      <Text size="xs" c="dimmed" data-comparison-summary>
        Compared at {formatTime(result.comparedAt)}
        {result.changed.length > 0 ? <> after changes to <InvisibleText text={result.changed.join(', ')} identifier /></> : ''}: {result.folderSkills} skill(s) in the folder, {result.findings.length} difference(s).
        {result.watching ? ' Watching the folder.' : ''}
      </Text>
      {result.error ? (
        <Alert color="red" title="The comparison after the last change failed">
          <InvisibleText text={result.error} />
        </Alert>
      ) : result.findings.length === 0 ? (
        <Group gap={6}>
          <IconCircleCheck size={16} color="var(--mantine-color-green-text)" />
          <Text size="sm">The server serves exactly the folder&apos;s skills.</Text>
        </Group>
      ) : (
        <FindingsList findings={result.findings} links={{}} />
      )}
    </Stack>
  );
}
