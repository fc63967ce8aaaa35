// The Frontmatter tab's table: the listing's value and the served SKILL.md's,
// field by field, every field that differs marked in words and colour. Not
// virtualised, and every marked character of a value is an element: a served
// SKILL.md with 10,000 fields drew 10,000 rows, and a 1 MiB value of U+200B
// a million elements in one cell (45 s in a static render). So at most
// MAX_SHOWN_FIELDS rows are drawn, the fields that differ first, and the
// first MAX_VALUE_CHARS characters of a value; each cut is said where it is.
import { Badge, Table, Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { InvisibleText } from '../../components/InvisibleText.js';
import { cutText } from '../../components/SkillDescription.js';
import { displayValue, type FieldComparison } from '../../components/frontmatter-compare.js';

/** Rows drawn at most. */
export const MAX_SHOWN_FIELDS = 200;
/**
 * Characters of one value drawn at most: enough for a value capped at the app's nesting depth, written out with its
 * indentation, to show its "[nested deeper than 64 levels: not read]" mark (about 5,000 characters in).
 */
export const MAX_VALUE_CHARS = 8_000;

/** The rows drawn, in the table's order: every field that differs and the selected one first (up to the limit), then the first of the rest. */
export function shownFields(rows: readonly FieldComparison[], field: string | undefined): readonly FieldComparison[] {
  if (rows.length <= MAX_SHOWN_FIELDS) return rows;
  const chosen = new Set<FieldComparison>();
  for (const row of rows) if (chosen.size < MAX_SHOWN_FIELDS && (!row.same || row.field === field)) chosen.add(row);
  for (const row of rows) if (chosen.size < MAX_SHOWN_FIELDS) chosen.add(row);
  return rows.filter((row) => chosen.has(row));
}

function Value({ value, where }: { value: unknown; where: string }) {
  const { shown, more } = cutText(displayValue(value), MAX_VALUE_CHARS);
  return (
    <>
        <InvisibleText text={shown} />
        {more > 0 ? (
          <Text span c="dimmed" size="xs" data-value-cut={more}>
            {` … ${more.toLocaleString('en-US')} more characters not drawn${where}.`}
          </Text>
        ) : null}
    </>
  );
}

export function FrontmatterTable({ rows, servedKnown, field, highlighted }: { rows: readonly FieldComparison[]; servedKnown: boolean; field: string | undefined; highlighted?: React.Ref<HTMLTableRowElement> }) {
  const shown = shownFields(rows, field);
  const hidden = rows.length - shown.length;
  return (
    <>
    <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4} className="frontmatter-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={130}>Field</Table.Th>
          <Table.Th>In the listing</Table.Th>
          <Table.Th>In the served SKILL.md</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map((row) => (
          <FieldRow key={row.field} row={row} servedKnown={servedKnown} highlighted={row.field === field} rowRef={row.field === field ? highlighted : undefined} />
        ))}
      </Table.Tbody>
    </Table>
    {hidden > 0 ? (
      <Text size="xs" c="dimmed" data-fields-cut={hidden}>
        Showing {shown.length.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')} fields: every field that differs and the one selected, then the first in order. The other {hidden.toLocaleString('en-US')} are not drawn here; the served SKILL.md's are all in its exact bytes (Bytes).
      </Text>
    ) : null}
    </>
  );
}

function FieldRow({ row, servedKnown, highlighted, rowRef }: { row: FieldComparison; servedKnown: boolean; highlighted: boolean; rowRef: React.Ref<HTMLTableRowElement> | undefined }) {
  const state = !servedKnown ? 'unknown' : row.same ? 'same' : !row.inServed ? 'listing-only' : !row.inListing ? 'served-only' : 'different';
  return (
    <Table.Tr ref={rowRef} data-field={row.field} data-field-state={state} data-highlighted={highlighted || undefined} className={state === 'same' || state === 'unknown' ? undefined : 'row-different'}>
      <Table.Td>
        {/* A field's name is the server's too: a bidi override in it would reverse it unseen. */}
        <Text size="xs" className="mono" fw={600}>
          <InvisibleText text={row.field} identifier />
        </Text>
        {state === 'same' ? null : state === 'unknown' ? null : (
          <Badge size="xs" color="red" variant="light" leftSection={<IconCircleX size={10} />}>
            {state === 'listing-only' ? 'only in listing' : state === 'served-only' ? 'only in file' : 'differs'}
          </Badge>
        )}
      </Table.Td>
      <Table.Td className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {row.inListing ? <Value value={row.listing} where="" /> : <Text span c="dimmed" size="xs">(absent)</Text>}
      </Table.Td>
      <Table.Td className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {!servedKnown ? <Text span c="dimmed" size="xs">not read</Text> : row.inServed ? <Value value={row.served} where="; the exact bytes (Bytes) show them" /> : <Text span c="dimmed" size="xs">(absent)</Text>}
      </Table.Td>
    </Table.Tr>
  );
}
