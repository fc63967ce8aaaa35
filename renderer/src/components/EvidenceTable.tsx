// The evidence under a failed check or a finding: what was expected and what
// was found, each on its own row, only the ones that are known.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { InvisibleText } from './InvisibleText.js';

export function EvidenceTable({
  expected,
  actual,
  labelWidth,
  show = (value) => <InvisibleText text={value} />,
}: {
  expected: string | undefined;
  actual: string | undefined;
  labelWidth: number;
  /** How a value is drawn; by default with its invisible characters marked (a value may be a server's). */
  show?: (value: string) => ReactNode;
}) {
  if (expected === undefined && actual === undefined) return null;
  return (
    <Table withTableBorder withColumnBorders fz="xs" className="evidence-table">
      <Table.Tbody>
        {expected !== undefined ? (
          <Table.Tr>
            <Table.Th w={labelWidth}>Expected</Table.Th>
            <Table.Td className="mono" data-expected>
              {show(expected)}
            </Table.Td>
          </Table.Tr>
        ) : null}
        {actual !== undefined ? (
          <Table.Tr>
            <Table.Th w={labelWidth}>Actual</Table.Th>
            <Table.Td className="mono" data-actual>
              {show(actual)}
            </Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </Table>
  );
}
