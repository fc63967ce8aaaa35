// Above the catalog list: search, the Errors / Warnings / Unverified chips,
// the verdict filter and the sort order, and how many skills are shown. The
// Errors and Warnings chips count review findings too (each skill's counts
// hold its conformance findings and its last review's risk findings). The
// verdict filter goes by what each row shows: while change reviews run, their
// skills are under a "Reviewing…" choice, not "Not reviewed yet"; the choice
// is offered only then (or while chosen), as most of the time it lists none
// (verdictChoices, catalog-list.ts, which the palette's filters share).
import { Chip, CloseButton, Group, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowsSort, IconSearch } from '@tabler/icons-react';
import { memo } from 'react';
import { verdictText } from '../components/VerdictBadge.js';
import { type CatalogFilter, type CatalogSort, useCatalog } from '../state/catalog.js';
import { verdictChoices, type FilterCounts } from '../state/catalog-list.js';
import type { ShownVerdict } from '../state/verdict-shown.js';

export const SEARCH_INPUT_ID = 'catalog-search';

const FILTERS: { value: CatalogFilter; label: string }[] = [
  { value: 'errors', label: 'Errors' },
  { value: 'warnings', label: 'Warnings' },
  { value: 'unverified', label: 'Unverified' },
];

const SORTS: { value: CatalogSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'verdict', label: 'Verdict, risky first' },
];

/**
 * Typing re-renders the search box and the count only: the chips and the selects are their own memoised parts,
 * so a keystroke at 10,000 skills does not draw them again.
 */
export function CatalogControls({ counts, shown, total, streaming, onArrowDown }: { counts: FilterCounts; shown: number; total: number; streaming: boolean; onArrowDown: () => void }) {
  return (
    <Stack gap={6} px="xs" pt={6} pb={6} className="pane-header">
      <SearchBox shown={shown} onArrowDown={onArrowDown} />
      <FilterChips counts={counts} />
      <VerdictAndSort counts={counts} />
      <Group justify="space-between" gap={4}>
        <Text size="xs" c="dimmed" data-visible-count={shown}>
          {shown === total ? `${total.toLocaleString()} skill${total === 1 ? '' : 's'}` : `${shown.toLocaleString()} of ${total.toLocaleString()} skills`}
        </Text>
        {streaming ? (
          <Group gap={4}>
            <Loader size={10} />
            <Text size="xs" c="dimmed">
              listing…
            </Text>
          </Group>
        ) : null}
      </Group>
    </Stack>
  );
}

function SearchBox({ shown, onArrowDown }: { shown: number; onArrowDown: () => void }) {
  const query = useCatalog((s) => s.query);
  const { setQuery } = useCatalog.getState();
  return (
    <TextInput
      id={SEARCH_INPUT_ID}
      size="xs"
      placeholder="Search name and description   ( / )"
      leftSection={SEARCH_ICON}
      rightSection={query ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setQuery('')} /> : null}
      value={query}
      onChange={(e) => setQuery(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' && shown > 0) {
          e.preventDefault();
          onArrowDown();
        } else if (e.key === 'Escape') setQuery('');
      }}
      aria-label="Search skills"
    />
  );
}

const SEARCH_ICON = <IconSearch size={14} />;

const FilterChips = memo(function FilterChips({ counts }: { counts: FilterCounts }) {
  const filters = useCatalog((s) => s.filters);
  const { toggleFilter } = useCatalog.getState();
  return (
    <Group gap={4} role="group" aria-label="Show only skills with">
      {FILTERS.map((f) => (
        <Chip key={f.value} size="xs" checked={filters.has(f.value)} onChange={() => toggleFilter(f.value)} wrapperProps={{ 'data-filter': f.value }}>
          {f.label} ({counts.filters[f.value].toLocaleString()})
        </Chip>
      ))}
    </Group>
  );
});

const VerdictAndSort = memo(function VerdictAndSort({ counts }: { counts: FilterCounts }) {
  const verdict = useCatalog((s) => s.verdict);
  const sort = useCatalog((s) => s.sort);
  const { setVerdictFilter, setSort } = useCatalog.getState();
  return (
    <Group gap={6} wrap="nowrap">
      <NativeSelect
        size="xs"
        aria-label="Show only skills with the verdict"
        value={verdict ?? 'any'}
        onChange={(e) => setVerdictFilter(e.currentTarget.value === 'any' ? undefined : (e.currentTarget.value as ShownVerdict))}
        data={[{ value: 'any', label: 'Any verdict' }, ...verdictChoices(counts.verdicts.reviewing, verdict).map((v) => ({ value: v, label: `${verdictText(v)} (${counts.verdicts[v].toLocaleString()})` }))]}
        style={{ flex: '1 1 0', minWidth: 0 }}
        data-verdict-filter={verdict ?? 'any'}
      />
      <NativeSelect
        size="xs"
        aria-label="Sort skills by"
        leftSection={<IconArrowsSort size={14} aria-hidden />}
        value={sort}
        onChange={(e) => setSort(e.currentTarget.value as CatalogSort)}
        data={SORTS}
        style={{ flex: '1 1 0', minWidth: 0 }}
        data-sort={sort}
      />
    </Group>
  );
});
