// One file that differs between two versions: added, removed or changed,
// its size and digest before and after (whole digests: they are the
// evidence), and the line diff when both sides' bytes are known text.
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { FileChangeKind, FileDiff, FileSide } from '../../../../shared/approvals-model.js';
import { LineDiff } from './LineDiff.js';
import { bytes } from './format.js';

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

export function FileDiffCard({ file }: { file: FileDiff }) {
  if (file.change === 'unchanged') return null;
  const change = CHANGE[file.change];
  return (
    <Paper withBorder p="xs" data-file-diff={file.path} data-file-change={file.change}>
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <Badge color={change.color} variant="light" size="sm" style={{ flex: '0 0 auto' }}>
            {change.word}
          </Badge>
          <Text size="sm" fw={600} className="mono" truncate>
            {file.path}
          </Text>
          {file.text ? (
            <Text size="xs" c="dimmed" style={{ flex: '0 0 auto' }} data-diff-counts>
              +{file.text.added} −{file.text.removed} lines
            </Text>
          ) : null}
        </Group>
        <Table withTableBorder fz="xs" verticalSpacing={2}>
          <Table.Tbody>
            <Side label="Before" side={file.before} />
            <Side label="After" side={file.after} />
          </Table.Tbody>
        </Table>
        {file.text ? <LineDiff diff={file.text} path={file.path} /> : null}
        {file.textUnavailable ? (
          <Text size="xs" c="dimmed" data-diff-unavailable>
            {file.textUnavailable}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
