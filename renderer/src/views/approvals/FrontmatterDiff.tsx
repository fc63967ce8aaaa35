// The frontmatter fields that differ between two versions, before and after.
// Field names and values are the server's: drawn with their invisible and bidi
// characters as marks. JSON.stringify escapes only the C0 controls and leaves
// U+202E and its kind as they are, so the marks go on the JSON text.
import { Badge, Table } from '@mantine/core';
import type { FieldDiff } from '../../../../shared/approvals-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';

const COLOURS = { added: 'blue', removed: 'red', changed: 'yellow' } as const;

function show(value: unknown): string {
  return value === undefined ? '—' : JSON.stringify(value, null, 1);
}

export function FrontmatterDiff({ fields }: { fields: readonly FieldDiff[] }) {
  return (
    <Table withTableBorder withColumnBorders fz="xs" data-frontmatter-diff={fields.length}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Change</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((f) => (
          <Table.Tr key={f.field} data-field-diff={f.field} data-field-change={f.change}>
            <Table.Td className="mono">
              <InvisibleText text={f.field} identifier />
            </Table.Td>
            <Table.Td>
              <Badge size="xs" variant="light" color={COLOURS[f.change]}>
                {f.change}
              </Badge>
            </Table.Td>
            <Table.Td className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <InvisibleText text={show(f.before)} />
            </Table.Td>
            <Table.Td className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <InvisibleText text={show(f.after)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
