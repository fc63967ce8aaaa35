// What the listing already tells about a skill, before any file is read
// (shared/listing-facts.ts): the tools its frontmatter asks for, its scripts
// and programs by path and extension, the skills nested in it, how many
// files and how many bytes, and characters in its name or description a
// reader would not see. On a catalog row as small marks, each with its words
// for screen readers and on hover; on the Overview as a short list.
import { List, Stack, Text, Title } from '@mantine/core';
import { IconBinary, IconEyeOff, IconFiles, IconHierarchy, IconTerminal2, IconTool } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { listingFacts, type ListedProgram, type ListingFacts } from '../../../shared/listing-facts.js';
import type { SkillEntry } from '../../../shared/model.js';
import { InvisibleText } from './InvisibleText.js';
import { BoundedDescription, MAX_SHOWN_DESCRIPTION } from './SkillDescription.js';
import { shownName } from './shown-text.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "1.4 kB", "2.1 MB": for a glance; the exact byte count is in the words beside it. */
export function roundedSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

function programList(programs: readonly ListedProgram[]): string {
  return programs.map((p) => `${shownName(p.path)} (${p.runtime})`).join(', ');
}

/** Each fact in words, one line each: the marks' accessible names and the Overview's list share them. */
export function factWords(facts: ListingFacts): { tools?: string; scripts?: string; executables?: string; nested?: string; files: string; hidden?: string } {
  const n = facts.allowedTools.length;
  const files =
    facts.fileCount === undefined
      ? facts.dynamic
        ? 'Files: a dynamic set — the server publishes no fixed list, so their number and size are not known'
        : 'Files: the listing gives no file list'
      : `${plural(facts.fileCount, 'file')}, ${(facts.totalBytes ?? 0).toLocaleString()} bytes declared${facts.sizeUnknown > 0 ? ` (${plural(facts.sizeUnknown, 'size')} not a byte count)` : ''}`;
  return {
    ...(n > 0 ? { tools: `Asks to use ${plural(n, 'tool')} without asking each time: ${facts.allowedTools.map((t) => shownName(t.tool)).join(', ')}` } : {}),
    ...(facts.scripts.length > 0 ? { scripts: `${plural(facts.scripts.length, 'script')} by name: ${programList(facts.scripts)}` } : {}),
    ...(facts.executables.length > 0 ? { executables: `${plural(facts.executables.length, 'program')} by name: ${programList(facts.executables)}` } : {}),
    ...(facts.nestedSkills.length > 0 ? { nested: `${plural(facts.nestedSkills.length, 'nested skill')}: ${facts.nestedSkills.map((s) => shownName(s.path)).join(', ')}` } : {}),
    files,
    ...(facts.hidden.length > 0 ? { hidden: facts.hidden.map((h) => `The ${shownName(h.field)} holds ${h.summary}, shown marked`).join('; ') } : {}),
  };
}

const MARK: CSSProperties = { display: 'inline-flex', alignItems: 'center', flex: '0 0 auto' };
const FILES: CSSProperties = { ...MARK, gap: 2, fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' };

function Mark({ fact, label, color, children }: { fact: string; label: string; color: string; children: ReactNode }) {
  // A native tooltip: a row has several marks and the list thousands of rows, so no floating tooltip per mark.
  return (
    <span role="img" aria-label={label} title={label} data-listing-fact={fact} style={{ ...MARK, color }}>
      {children}
    </span>
  );
}

const AMBER = 'var(--mantine-color-yellow-text)';
const RED = 'var(--mantine-color-red-text)';
const DIM = 'var(--mantine-color-dimmed)';

/** Each entry's facts and their words, worked out once: a catalog row shows them again at every keystroke that brings it back. */
const known = new WeakMap<SkillEntry, { facts: ListingFacts; words: ReturnType<typeof factWords> }>();

function factsOf(entry: SkillEntry): { facts: ListingFacts; words: ReturnType<typeof factWords> } {
  let got = known.get(entry);
  if (!got) {
    const facts = listingFacts(entry);
    known.set(entry, (got = { facts, words: factWords(facts) }));
  }
  return got;
}

/** The row's marks: tools requested, scripts, programs, nested skills, hidden characters, then the file count and size. */
export function ListingFactMarks({ entry }: { entry: SkillEntry }) {
  const { facts, words } = factsOf(entry);
  return (
    <>
      {words.tools ? (
        <Mark fact="tools" label={words.tools} color={AMBER}>
          <IconTool size={14} aria-hidden />
        </Mark>
      ) : null}
      {words.scripts ? (
        <Mark fact="scripts" label={words.scripts} color={AMBER}>
          <IconTerminal2 size={14} aria-hidden />
        </Mark>
      ) : null}
      {words.executables ? (
        <Mark fact="executables" label={words.executables} color={RED}>
          <IconBinary size={14} aria-hidden />
        </Mark>
      ) : null}
      {words.nested ? (
        <Mark fact="nested" label={words.nested} color={DIM}>
          <IconHierarchy size={14} aria-hidden />
        </Mark>
      ) : null}
      {words.hidden ? (
        <Mark fact="hidden" label={words.hidden} color={RED}>
          <IconEyeOff size={14} aria-hidden />
        </Mark>
      ) : null}
      {facts.fileCount !== undefined ? (
        // The words for screen readers and on hover; the figures for the eye.
        <span role="img" aria-label={words.files} title={words.files} style={FILES} data-listing-fact="files" data-file-count={facts.fileCount} data-total-bytes={facts.totalBytes}>
          <IconFiles size={12} aria-hidden />
          {facts.fileCount} · {roundedSize(facts.totalBytes ?? 0)}
        </span>
      ) : null}
    </>
  );
}

/** The Overview's short list of what the listing tells, read from nothing but the listing. */
export function ListingFactList({ entry }: { entry: SkillEntry }) {
  const facts = listingFacts(entry);
  const words = factWords(facts);
  return (
    <Stack gap={4} data-listing-facts>
      <Title order={3} size="h6">
        What the listing tells
      </Title>
      <Text size="xs" c="dimmed">
        From the server’s listing alone, before any file is read. The review checks the files themselves.
      </Text>
      <List size="sm" spacing={2}>
        {facts.allowedTools.length > 0 ? (
          <List.Item icon={<IconTool size={14} color={AMBER} aria-hidden />} data-listing-item="tools">
            Asks to use without asking you each time:{' '}
            {facts.allowedTools.map((t, i) => (
              <span key={i}>
                {i > 0 ? '; ' : ''}
                <span className="mono">
                  <InvisibleText text={t.tool} identifier />
                </span>{' '}
                ({t.meaning})
              </span>
            ))}
          </List.Item>
        ) : null}
        {[...facts.scripts, ...facts.executables].length > 0 ? (
          <List.Item icon={facts.executables.length > 0 ? <IconBinary size={14} color={RED} aria-hidden /> : <IconTerminal2 size={14} color={AMBER} aria-hidden />} data-listing-item="programs">
            Scripts and programs, by their names:{' '}
            {[...facts.scripts, ...facts.executables].map((p, i) => (
              <span key={p.uri} data-listing-program={p.path}>
                {i > 0 ? ', ' : ''}
                <span className="mono">
                  <InvisibleText text={p.path} identifier />
                </span>{' '}
                ({p.kind === 'script' ? `${p.runtime} script` : p.runtime}: {p.reason})
              </span>
            ))}
          </List.Item>
        ) : (
          <List.Item icon={<IconTerminal2 size={14} color={DIM} aria-hidden />} data-listing-item="programs">
            No file is named like a script or a program.
          </List.Item>
        )}
        {facts.nestedSkills.length > 0 ? (
          <List.Item icon={<IconHierarchy size={14} color={DIM} aria-hidden />} data-listing-item="nested">
            {words.nested}
            {facts.nestedSkills.some((s) => !s.listed) ? ' (some only as files of this skill, not listed on their own)' : ''}. Approving this skill does not approve them.
          </List.Item>
        ) : null}
        <List.Item icon={<IconFiles size={14} color={DIM} aria-hidden />} data-listing-item="files">
          {facts.fileCount !== undefined ? `${words.files} (${roundedSize(facts.totalBytes ?? 0)}).` : `${words.files}.`}
        </List.Item>
        {facts.hidden.map((h) => (
          <List.Item key={h.field} icon={<IconEyeOff size={14} color={RED} aria-hidden />} data-listing-item="hidden" data-hidden-field={h.field}>
            Its {h.field} holds {h.summary}{h.bidi ? ', which can make text read in another order than it is stored' : ''}:{' '}
            <span className="mono">
              {h.field === 'name' ? <InvisibleText text={entry.name} identifier /> : <BoundedDescription text={entry.description} max={MAX_SHOWN_DESCRIPTION} />}
            </span>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
