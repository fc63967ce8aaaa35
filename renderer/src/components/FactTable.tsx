// The pieces of a two-column table of facts (a skill's Provenance, a
// server's Overview): what the fact is on the left, its evidence on the right.
import { Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyIcon } from './JsonView.js';
import { UriText } from './UriText.js';

export function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={170} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** A long monospace value (a URI, a path) that may wrap anywhere, with a button to copy it unless `copyable` is false. Shown with its invisible characters as marks; copied exactly. */
export function CopyableText({ value, copyLabel, copyable = true }: { value: string; copyLabel: string; copyable?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" className="mono" style={{ overflowWrap: 'anywhere' }}>
        <UriText uri={value} />
      </Text>
      {copyable ? <CopyIcon value={value} label={copyLabel} /> : null}
    </Group>
  );
}
