// One file of the skill, read when chosen: path, size, digest, verification
// result (expected versus actual), then the content with highlighting.
import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { SkillEntry, SkillTreeNode } from '../../../../shared/model.js';
import { Busy } from '../../components/Busy.js';
import { CodeView } from '../../components/CodeView.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { FileCheckResult } from '../../components/FileCheck.js';
import { CopyIcon } from '../../components/JsonView.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { UriText } from '../../components/UriText.js';
import { Markdown } from '../../components/Markdown.js';
import { summarise } from '../../components/invisible.js';
import { useDialogs } from '../../state/dialogs.js';
import { useSelection } from '../../state/selection.js';
import { listedRef, relativePath, reloadFile, useSkillFile } from './use-skill-file.js';

const MAX_SHOWN_LINES = 5_000;

export function FileView({ entry, fileUri, node }: { entry: SkillEntry; fileUri: string; node: SkillTreeNode | undefined }) {
  // A file the directory listing shows but the entry does not list is never read: it is not part of the skill.
  const unlisted = node !== undefined && !node.listed;
  const load = useSkillFile(entry, unlisted ? undefined : fileUri);
  const openFile = useSelection((s) => s.openFile);
  const openDialog = useDialogs((s) => s.open);
  const [mode, setMode] = useState<'source' | 'rendered'>('source');
  const listed = listedRef(entry, fileUri);
  const check = load?.state === 'loaded' ? load.content.check : entry.files[fileUri] ?? { state: 'unread' as const };
  const text = load?.state === 'loaded' ? load.content.text : undefined;
  const hidden = useMemo(() => (text !== undefined ? summarise(text) : undefined), [text]);
  const shown = useMemo(() => {
    if (text === undefined) return undefined;
    const lines = text.split('\n');
    return lines.length > MAX_SHOWN_LINES ? { text: lines.slice(0, MAX_SHOWN_LINES).join('\n'), cut: lines.length } : { text, cut: 0 };
  }, [text]);
  const isMarkdown = /\.(md|markdown)$/i.test(fileUri);

  return (
    <Stack gap="xs" p="xs" style={{ minHeight: 0 }} data-file-view={fileUri}>
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Text size="sm" fw={600} className="mono" truncate data-file-path>
          {relativePath(entry, fileUri)}
        </Text>
        <Group gap={4} wrap="nowrap">
          {isMarkdown && text !== undefined ? (
            <SegmentedControl size="xs" value={mode} onChange={(v) => setMode(v as 'source' | 'rendered')} data={[{ value: 'source', label: 'Source' }, { value: 'rendered', label: 'Rendered' }]} />
          ) : null}
          <Button size="compact-xs" variant="subtle" leftSection={<IconRefresh size={12} />} onClick={() => reloadFile(entry, fileUri)} disabled={unlisted || load?.state === 'loading'}>
            Read again
          </Button>
        </Group>
      </Group>
      <FileFacts entry={entry} fileUri={fileUri} node={node} load={load} />
      {/* A local file has no listing to match: its facts above are what was read. */}
      {unlisted || entry.source === 'local' ? null : <FileCheckResult check={check} {...(listed ? { listed } : {})} />}
      {!unlisted && (load === undefined || load.state === 'loading') ? (
        <Busy>Reading…</Busy>
      ) : null}
      {load?.state === 'error' ? <ErrorNotice title="The file could not be read" message={load.message} onRetry={() => reloadFile(entry, fileUri)} /> : null}
      {hidden && hidden.total > 0 ? (
        <Alert color="red" variant="light" icon={<IconEyeOff size={16} />} p="xs" data-file-hidden={hidden.total}>
          <Text size="xs">
            {hidden.description} — not visible below.{' '}
            <Anchor component="button" type="button" size="xs" onClick={() => openFile(fileUri, 'bytes')}>
              Show them in Bytes
            </Anchor>
          </Text>
        </Alert>
      ) : null}
      {load?.state === 'loaded' && !load.content.isText && load.content.size > 0 ? (
        <Text size="sm" c="dimmed">
          Binary content ({load.content.mimeType ?? 'unknown type'}).{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => openFile(fileUri, 'bytes')}>
            Show the bytes
          </Anchor>
        </Text>
      ) : null}
      {shown && mode === 'rendered' && isMarkdown ? (
        <Markdown source={shown.text} skillUri={entry.uri} onOpenFile={(uri) => openFile(uri, 'files')} onExternal={(url) => openDialog({ kind: 'external-link', url })} />
      ) : shown ? (
        <CodeView text={shown.text} uri={fileUri} {...(load?.state === 'loaded' && load.content.mimeType ? { mimeType: load.content.mimeType } : {})} />
      ) : null}
      {shown && shown.cut > 0 ? (
        <Text size="xs" c="dimmed">
          Showing the first {MAX_SHOWN_LINES.toLocaleString()} of {shown.cut.toLocaleString()} lines. The Bytes tab shows every line.
        </Text>
      ) : null}
    </Stack>
  );
}

export function FileFacts({ entry, fileUri, node, load }: { entry: SkillEntry; fileUri: string; node: SkillTreeNode | undefined; load: ReturnType<typeof useSkillFile> }) {
  const listed = listedRef(entry, fileUri);
  const content = load?.state === 'loaded' ? load.content : undefined;
  const size = content && (content.size > 0 || content.digest) ? content.size : listed?.size ?? node?.size;
  const digest = content?.digest || listed?.digest || node?.digest;
  // After a read, the digest shown is of the bytes served; say so when the listing promised another.
  const differs = Boolean(content?.digest && listed && content.digest !== listed.digest);
  return (
    <Stack gap={2} className="file-facts">
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" w={52}>
          URI
        </Text>
        <Text size="xs" className="mono" style={{ overflowWrap: 'anywhere' }}>
          <UriText uri={fileUri} />
        </Text>
        <CopyIcon value={fileUri} label="Copy URI" />
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" w={52}>
          Size
        </Text>
        <Text size="xs" className="mono" data-file-size>
          {size !== undefined && size >= 0 ? `${size.toLocaleString()} bytes` : 'unknown'}
          {content && listed && content.size !== listed.size && content.digest ? ` (listing says ${listed.size.toLocaleString()})` : ''}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c={differs ? 'red' : 'dimmed'} w={52}>
          {differs ? 'Served' : 'Digest'}
        </Text>
        <Text size="xs" className="mono" style={{ overflowWrap: 'anywhere' }} data-file-digest>
          {digest ? <UriText uri={digest} /> : 'none published'}
        </Text>
        {digest ? <CopyIcon value={digest} label="Copy digest" /> : null}
      </Group>
      {content?.mimeType ? (
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" w={52}>
            Type
          </Text>
          <Text size="xs" className="mono">
            <InvisibleText text={content.mimeType} identifier />
          </Text>
        </Group>
      ) : null}
      {node && !node.listed ? (
        <Text size="xs" c="dimmed">
          Not part of the skill: the entry's resources do not list it, so it is not read.
        </Text>
      ) : null}
    </Stack>
  );
}
