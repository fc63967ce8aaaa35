// One reviewed file: its facts (size, digest, check against the listing,
// whether the bytes were kept), then the content rendered, as source, or as
// the exact bytes the model receives.
import { Alert, Badge, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { ReviewFile } from '../../../../shared/approvals-model.js';
import type { FileContent, SkillEntry } from '../../../../shared/model.js';
import { BytesView } from '../../components/BytesView.js';
import { CodeView } from '../../components/CodeView.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { FileCheckResult } from '../../components/FileCheck.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { CopyIcon } from '../../components/JsonView.js';
import { Markdown } from '../../components/Markdown.js';
import { UriText } from '../../components/UriText.js';
import { useDialogs } from '../../state/dialogs.js';
import { skillKey } from '../../state/keys.js';
import { snapshotKey, useReviewSession, type ReviewFileMode } from '../../state/review-session.js';
import { bytes } from '../approvals/format.js';
import type { ReviewLinks } from './review-links.js';

const MODES: { value: ReviewFileMode; label: string }[] = [
  { value: 'rendered', label: 'Rendered' },
  { value: 'source', label: 'Source' },
  { value: 'bytes', label: 'Exact bytes' },
];

export function ReviewFileContent({ entry, file, links }: { entry: SkillEntry; file: ReviewFile; links: ReviewLinks }) {
  const view = useReviewSession((s) => s.views.get(skillKey(entry.serverId, entry.uri)));
  const openDialog = useDialogs((s) => s.open);
  const isMarkdown = /\.(md|markdown)$/i.test(file.path);
  const modes = MODES.filter((m) => (m.value === 'rendered' ? isMarkdown && file.text !== undefined : m.value === 'source' ? file.text !== undefined : true));
  const wanted = view?.fileUri === file.uri ? view.mode : isMarkdown ? 'rendered' : 'source';
  const mode = modes.some((m) => m.value === wanted) ? wanted : (modes[0]?.value ?? 'bytes');
  const line = view?.fileUri === file.uri ? view.line : undefined;
  const setMode = (m: ReviewFileMode) => links.openFile(file.uri, m);

  return (
    <Stack gap="xs" p="xs" data-review-file-view={file.path} data-review-file-mode={mode}>
      <Group justify="space-between" gap={6} wrap="nowrap">
        <Text size="sm" fw={600} className="mono" truncate>
          <UriText uri={file.path} />
        </Text>
        {file.notRead ? null : <SegmentedControl size="xs" value={mode} onChange={(v) => setMode(v as ReviewFileMode)} data={modes} data-review-file-modes />}
      </Group>
      <Group gap="md">
        <Text size="xs" c="dimmed">
          {file.notRead ? 'not read' : bytes(file.size)}
          {file.mimeType ? (
            <>
              {' · '}
              <InvisibleText text={file.mimeType} identifier />
            </>
          ) : null}
        </Text>
        {file.digest ? (
          <Group gap={2} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="xs" className="mono" truncate data-review-file-digest>
              {file.digest}
            </Text>
            <CopyIcon value={file.digest} label="Copy digest" />
          </Group>
        ) : null}
        {file.snapshotted ? (
          <Badge size="xs" color="green" variant="light">
            bytes kept
          </Badge>
        ) : null}
      </Group>
      {file.nestedSkillMd ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
          <Text size="xs">This is the SKILL.md of a skill nested inside this one. Here it is plain text; it does nothing until that skill is reviewed and approved on its own.</Text>
        </Alert>
      ) : null}
      {file.notRead ? (
        <Text size="sm" c="dimmed">
          <InvisibleText text={file.notRead} />
        </Text>
      ) : <FileCheckResult check={file.check} {...(file.listed ? { listed: file.listed } : {})} />}
      {file.notRead ? null : mode === 'rendered' && file.text !== undefined ? (
        <Markdown source={file.text} skillUri={entry.uri} onOpenFile={(uri) => links.openFile(uri)} onExternal={(url) => openDialog({ kind: 'external-link', url })} />
      ) : mode === 'source' && file.text !== undefined ? (
        <CodeView text={file.text} uri={file.uri} {...(file.mimeType ? { mimeType: file.mimeType } : {})} />
      ) : (
        // The exact-bytes view is virtualised: it needs a height of its own inside the scrolling review.
        <div style={{ height: 440, display: 'flex', flexDirection: 'column' }}>
          <ExactBytes entry={entry} file={file} {...(line !== undefined ? { line } : {})} />
        </div>
      )}
    </Stack>
  );
}

/** The exact bytes: the text as received, or — for binary — the kept bytes from the snapshot store. */
function ExactBytes({ entry, file, line }: { entry: SkillEntry; file: ReviewFile; line?: number }) {
  const needsSnapshot = file.text === undefined && file.snapshotted;
  const load = useReviewSession((s) => (needsSnapshot ? s.snapshots.get(snapshotKey(entry.serverId, file.digest)) : undefined));
  useEffect(() => {
    if (needsSnapshot) void useReviewSession.getState().loadSnapshot(entry.serverId, file.digest);
  }, [needsSnapshot, entry.serverId, file.digest]);
  const base = { serverId: entry.serverId, skillUri: entry.uri, uri: file.uri, size: file.size, digest: file.digest, check: file.check, listed: file.listed !== undefined, ...(file.mimeType ? { mimeType: file.mimeType } : {}) };
  if (file.text !== undefined) {
    const content: FileContent = { ...base, base64: '', text: file.text, isText: true };
    return <BytesView content={content} {...(line !== undefined ? { line } : {})} />;
  }
  if (!file.snapshotted) return <Text size="sm" c="dimmed">The bytes of this file were not kept (it did not verify), so they cannot be shown.</Text>;
  if (!load || load.state === 'loading') return <Loader size="xs" />;
  if (load.state === 'error') return <ErrorNotice title="The kept bytes could not be read" message={load.message} />;
  const content: FileContent = { ...base, base64: load.value.base64, isText: false };
  return <BytesView content={content} />;
}
