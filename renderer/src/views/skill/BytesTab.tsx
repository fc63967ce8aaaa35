// The exact content of a file of the skill — what the model will receive —
// with every invisible or unusual character drawn, named and counted.
import { Group, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { SkillEntry } from '../../../../shared/model.js';
import { Busy } from '../../components/Busy.js';
import { BytesView } from '../../components/BytesView.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { HiddenTextList } from '../../components/HiddenTextList.js';
import { useSelection } from '../../state/selection.js';
import { evidenceLinks } from './evidence-links.js';
import { relativePath, reloadFile, useSkillFile } from './use-skill-file.js';
import { useSkillReview } from './use-skill-review.js';

export function BytesTab({ entry }: { entry: SkillEntry }) {
  const selected = useSelection((s) => s.fileUri);
  const line = useSelection((s) => s.line);
  const openFile = useSelection((s) => s.openFile);
  const fileUri = selected ?? entry.uri;
  const load = useSkillFile(entry, fileUri);
  const options = useMemo(() => {
    const uris = Array.isArray(entry.resources) ? entry.resources.map((r) => r.uri) : [entry.uri];
    if (!uris.includes(fileUri)) uris.push(fileUri);
    return uris.map((uri) => ({ value: uri, label: relativePath(entry, uri) }));
  }, [entry, fileUri]);
  // What the content review revealed in this file, decoded, above its exact characters.
  const { review } = useSkillReview(entry);
  const hidden = useMemo(() => review?.hidden.filter((h) => h.fileUri === fileUri) ?? [], [review, fileUri]);
  const links = evidenceLinks(entry);

  return (
    <Stack gap="xs" p="xs" style={{ flex: 1, minHeight: 0 }}>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          File
        </Text>
        <Select
          size="xs"
          data={options}
          value={fileUri}
          onChange={(value) => value && openFile(value, 'bytes')}
          allowDeselect={false}
          searchable={options.length > 8}
          aria-label="File to show"
          style={{ flex: 1 }}
          classNames={{ input: 'mono' }}
          data-bytes-file
        />
      </Group>
      {hidden.length > 0 ? (
        <details open data-bytes-hidden-text={hidden.length} className="bytes-hidden-text">
          <summary>
            <Text span size="xs" fw={600} c="red">
              The review revealed {hidden.length} piece{hidden.length === 1 ? '' : 's'} of hidden text in this file
            </Text>
          </summary>
          <div style={{ maxHeight: 220, overflow: 'auto', marginTop: 4 }}>
            <HiddenTextList hidden={hidden} onOpen={links.onHidden} fileLabel={links.fileLabel} />
          </div>
        </details>
      ) : null}
      {load === undefined || load.state === 'loading' ? (
        <Busy>Reading…</Busy>
      ) : null}
      {load?.state === 'error' ? <ErrorNotice title="The file could not be read" message={load.message} onRetry={() => reloadFile(entry, fileUri)} /> : null}
      {load?.state === 'loaded' && load.content.size === 0 && !load.content.digest ? (
        <ErrorNotice title="No content to show" message={load.content.check.state === 'failed' ? load.content.check.message : 'The server returned no bytes for this file.'} />
      ) : null}
      {load?.state === 'loaded' && (load.content.size > 0 || load.content.digest) ? <BytesView content={load.content} {...(line !== undefined ? { line } : {})} /> : null}
    </Stack>
  );
}
