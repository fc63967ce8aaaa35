// The listing's frontmatter beside the served SKILL.md's. The spec wants
// them identical; every field that differs is marked in words and colour.
import { Alert, Badge, Loader, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import type { SkillEntry } from '../../../../shared/model.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { compareFrontmatter, displayValue, parseServedFrontmatter, type FieldComparison } from '../../components/frontmatter-compare.js';
import { useSelection } from '../../state/selection.js';
import { reloadFile, useSkillFile } from './use-skill-file.js';

export function FrontmatterTab({ entry }: { entry: SkillEntry }) {
  const load = useSkillFile(entry, entry.uri);
  const field = useSelection((s) => s.field);
  const text = load?.state === 'loaded' ? load.content.text : undefined;
  const served = useMemo(() => (text !== undefined ? parseServedFrontmatter(text) : undefined), [text]);
  const rows = useMemo(() => compareFrontmatter(entry.frontmatter, served?.ok ? served.value : {}), [entry.frontmatter, served]);
  const differing = served?.ok ? rows.filter((r) => !r.same).length : 0;
  const highlighted = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    highlighted.current?.scrollIntoView({ block: 'center' });
  }, [field, rows]);

  return (
    <Stack gap="sm" p="md" className="tab-scroll">
      {load === undefined || load.state === 'loading' ? <Loader size="sm" /> : null}
      {load?.state === 'error' ? <ErrorNotice title="SKILL.md could not be read, so there is nothing to compare with" message={load.message} onRetry={() => reloadFile(entry, entry.uri)} /> : null}
      {served && !served.ok ? <ErrorNotice title="The served frontmatter cannot be compared" message={served.message} /> : null}
      {entry.source === 'local' ? (
        <Text size="xs" c="dimmed" data-frontmatter-state="local">
          This skill is read from a folder on this computer. There is no listing to compare with: both columns show its SKILL.md, with every invisible character drawn.
        </Text>
      ) : null}
      {served?.ok && entry.source !== 'local' ? (
        differing === 0 ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title="Identical" data-frontmatter-state="same">
            The listing's frontmatter and the served SKILL.md's frontmatter are the same, field by field.
          </Alert>
        ) : (
          <Alert color="red" variant="light" icon={<IconCircleX size={18} />} title={`${differing} field${differing === 1 ? ' differs' : 's differ'}`} data-frontmatter-state="different">
            The listing describes this skill differently from the file the server serves. A host compares them and must not load the skill when they differ.
          </Alert>
        )
      ) : null}
      <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4} className="frontmatter-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={130}>Field</Table.Th>
            <Table.Th>In the listing</Table.Th>
            <Table.Th>In the served SKILL.md</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <FieldRow key={row.field} row={row} servedKnown={Boolean(served?.ok)} highlighted={row.field === field} rowRef={row.field === field ? highlighted : undefined} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function FieldRow({ row, servedKnown, highlighted, rowRef }: { row: FieldComparison; servedKnown: boolean; highlighted: boolean; rowRef: React.Ref<HTMLTableRowElement> | undefined }) {
  const state = !servedKnown ? 'unknown' : row.same ? 'same' : !row.inServed ? 'listing-only' : !row.inListing ? 'served-only' : 'different';
  return (
    <Table.Tr ref={rowRef} data-field={row.field} data-field-state={state} data-highlighted={highlighted || undefined} className={state === 'same' || state === 'unknown' ? undefined : 'row-different'}>
      <Table.Td>
        <Text size="xs" className="mono" fw={600}>
          {row.field}
        </Text>
        {state === 'same' ? null : state === 'unknown' ? null : (
          <Badge size="xs" color="red" variant="light" leftSection={<IconCircleX size={10} />}>
            {state === 'listing-only' ? 'only in listing' : state === 'served-only' ? 'only in file' : 'differs'}
          </Badge>
        )}
      </Table.Td>
      <Table.Td className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {row.inListing ? <InvisibleText text={displayValue(row.listing)} /> : <Text span c="dimmed" size="xs">(absent)</Text>}
      </Table.Td>
      <Table.Td className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {!servedKnown ? <Text span c="dimmed" size="xs">not read</Text> : row.inServed ? <InvisibleText text={displayValue(row.served)} /> : <Text span c="dimmed" size="xs">(absent)</Text>}
      </Table.Td>
    </Table.Tr>
  );
}
