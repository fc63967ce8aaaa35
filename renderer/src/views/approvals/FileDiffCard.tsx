// One file that differs between two versions: added, removed or changed,
// its size and digest before and after (whole digests: they are the
// evidence), the line diff when both sides' bytes are known text, and the
// finding delta's marks on its lines. The card counts as shown once its end
// has been on screen (data-file-shown).
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { FileChangeKind, FileDiff, FileSide, RiskDelta } from '../../../../shared/approvals-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { shownName } from '../../components/shown-text.js';
import { UriText } from '../../components/UriText.js';
import { LineDiff, DiffMark } from './LineDiff.js';
import { placeMarks } from './diff-lines.js';
import { bytes } from './format.js';
import { useSeen } from './use-seen.js';

const CHANGE: Record<Exclude<FileChangeKind, 'unchanged'>, { color: string; word: string }> = {
  added: { color: 'blue', word: 'added' },
  removed: { color: 'red', word: 'removed' },
  changed: { color: 'yellow', word: 'changed' },
};

function Side({ label, side }: { label: string; side: FileSide | undefined }) {
  return (
    <Table.Tr>
      <Table.Th w={70} fw={500}>
        {label}
      </Table.Th>
      <Table.Td w={120} data-side-size>
        {side ? bytes(side.size) : '—'}
      </Table.Td>
      <Table.Td className="mono" style={{ overflowWrap: 'anywhere' }} data-side-digest>
        {side ? side.digest : 'not in this version'}
      </Table.Td>
    </Table.Tr>
  );
}

/** Whether the user has been shown the part, in words and an icon (never colour alone). */
export function ShownState({ shown }: { shown: boolean }) {
  return (
    <Text size="xs" c="dimmed" style={{ flex: '0 0 auto', display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      {shown ? <IconEye size={13} aria-hidden /> : <IconEyeOff size={13} aria-hidden />}
      {shown ? 'shown' : 'not shown yet'}
    </Text>
  );
}

export function FileDiffCard({ file, risk, shown, onShown }: { file: FileDiff; risk?: RiskDelta; shown: boolean; onShown: () => void }) {
  const end = useSeen<HTMLDivElement>(onShown, !shown);
  const marks = useMemo(() => placeMarks(file.text?.hunks ?? [], file.uri, risk), [file, risk]);
  if (file.change === 'unchanged') return null;
  const change = CHANGE[file.change];
  return (
    <Paper withBorder p="xs" data-file-diff={file.path} data-file-change={file.change} data-file-shown={String(shown)}>
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <Badge color={change.color} variant="light" size="sm" style={{ flex: '0 0 auto' }}>
            {change.word}
          </Badge>
          <Text size="sm" fw={600} className="mono" truncate style={{ flex: 1, minWidth: 0 }}>
            <UriText uri={file.path} />
          </Text>
          {file.text ? (
            <Text size="xs" c="dimmed" style={{ flex: '0 0 auto' }} data-diff-counts>
              +{file.text.added} −{file.text.removed} lines
            </Text>
          ) : null}
          <ShownState shown={shown} />
        </Group>
        <Table withTableBorder fz="xs" verticalSpacing={2}>
          <Table.Tbody>
            <Side label="Before" side={file.before} />
            <Side label="After" side={file.after} />
          </Table.Tbody>
        </Table>
        {marks.elsewhere.length > 0 ? (
          <div className="line-diff" role="table" aria-label={`Findings in ${shownName(file.path)} outside the lines shown`} data-diff-marks-elsewhere={marks.elsewhere.length}>
            {marks.elsewhere.map((mark, i) => (
              <DiffMark key={i} mark={mark} />
            ))}
          </div>
        ) : null}
        {file.text ? <LineDiff diff={file.text} path={file.path} marks={marks} /> : null}
        {file.textUnavailable ? (
          <Text size="xs" c="dimmed" data-diff-unavailable>
            <InvisibleText text={file.textUnavailable} />
          </Text>
        ) : null}
        {/* The end of the card: once it has been on screen, the file counts as shown. */}
        <div ref={end} data-file-end aria-hidden style={{ height: 1 }} />
      </Stack>
    </Paper>
  );
}
