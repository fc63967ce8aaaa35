// The frontmatter fields that differ between two versions, before and after.
import { Badge, Table } from '@mantine/core';
import type { FieldDiff } from '../../../../shared/approvals-model.js';

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
            <Table.Td className="mono">{f.field}</Table.Td>
            <Table.Td>
              <Badge size="xs" variant="light" color={COLOURS[f.change]}>
                {f.change}
              </Badge>
            </Table.Td>
            <Table.Td className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {show(f.before)}
            </Table.Td>
            <Table.Td className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {show(f.after)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
