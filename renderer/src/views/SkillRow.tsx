// One skill in the catalog list, on three lines so the name is never
// squeezed: the path prefix and name alone on the first; the verdict beside
// the verification state and the approval on the second (wrapped to a third
// when they do not fit, so no badge is cut mid-word); the origin and the
// description on the third, ending in what the listing already tells (tools
// requested, scripts, nested skills, hidden characters, files). Names and
// descriptions are drawn with every invisible character marked, so a bidi
// override never reverses text unseen.
import { memo, type CSSProperties, type ReactElement } from 'react';
import type { SkillEntry } from '../../../shared/model.js';
import { ApprovalBadge } from '../components/ApprovalBadge.js';
import { InvisibleText } from '../components/InvisibleText.js';
import { ListingFactMarks } from '../components/ListingFacts.js';
import { BoundedDescription, MAX_ROW_DESCRIPTION } from '../components/SkillDescription.js';
import { SeverityBadge } from '../components/SeverityBadge.js';
import { LegacyBadge, StatusBadge } from '../components/StatusBadge.js';
import { VerdictBadge } from '../components/VerdictBadge.js';
import { useShownVerdict } from '../state/use-shown-verdict.js';
import type { ShownVerdict } from '../state/verdict-shown.js';
import { shownName } from '../components/shown-text.js';
import { LocalStatusBadge } from './local/LocalStatusBadge.js';
import { BADGE_LINE_GAP, BADGE_LINE_HEIGHT, MAX_BADGE_LINES } from './badge-lines.js';
import { MAX_NAME_LINES, NAME_LINE_HEIGHT } from './row-height.js';

/** With a one-line name: padding 6 + name 20 + 3 + badges 18 + 3 + description 16 + padding 6, and the 1px border. */
export const SKILL_ROW_HEIGHT = 73;

/** A row whose name takes `lines` lines (row-height.ts nameLines) and its badges `badges` lines (badge-lines.ts). */
export function skillRowHeight(lines: number, badges = 1): number {
  return SKILL_ROW_HEIGHT + (lines - 1) * NAME_LINE_HEIGHT + (badges - 1) * (BADGE_LINE_HEIGHT + BADGE_LINE_GAP);
}

interface SkillRowProps {
  id: string;
  entry: SkillEntry;
  selected: boolean;
  active: boolean;
  serverLabel: string | undefined;
  /** Lines the name takes (row-height.ts): a long name wraps rather than being cut. */
  nameLines: number;
  /** Lines the badges take (badge-lines.ts): they wrap rather than the last being cut. */
  badgeLines?: number;
  /** The same function for every row and render, so a row whose props did not change is not rendered again. */
  onOpen: (entry: SkillEntry) => void;
  /** Where the virtual list places the row. */
  top: number;
  height: number;
}

// One object per style for every row: nothing to allocate or diff per render.
const LINE: CSSProperties = { display: 'flex', alignItems: 'center', gap: 4, minWidth: 0, whiteSpace: 'nowrap' };
const NAME: CSSProperties = { ...LINE, display: 'block', height: NAME_LINE_HEIGHT, lineHeight: `${NAME_LINE_HEIGHT}px`, fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' };
/** Two and more lines: wrapped after a hyphen or a slash, or anywhere when a part is longer than the line. */
const NAME_WRAPPED: readonly CSSProperties[] = Array.from({ length: MAX_NAME_LINES }, (_, i) => ({ ...NAME, whiteSpace: 'normal', overflowWrap: 'anywhere', height: (i + 1) * NAME_LINE_HEIGHT }));
const PREFIX: CSSProperties = { color: 'var(--mantine-color-dimmed)', fontWeight: 400 };
/** One to MAX_BADGE_LINES lines of badges, wrapped between badges, never inside one. */
const BADGES: readonly CSSProperties[] = Array.from({ length: MAX_BADGE_LINES }, (_, i) => ({
  ...LINE,
  flexWrap: 'wrap',
  alignContent: 'flex-start',
  rowGap: BADGE_LINE_GAP,
  height: (i + 1) * BADGE_LINE_HEIGHT + i * BADGE_LINE_GAP,
  marginTop: 3,
  overflow: 'hidden',
}));
const LAST: CSSProperties = { ...LINE, gap: 6, height: 16, lineHeight: '16px', marginTop: 3, fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' };
const DESCRIPTION: CSSProperties = { flex: '1 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' };
const FACTS: CSSProperties = { display: 'flex', alignItems: 'center', gap: 4, flex: '0 0 auto' };
const ORIGIN: CSSProperties = { fontWeight: 600 };

// Typing in the search box puts other skills in the rows on screen (the list keys its rows by place, so a row is
// updated, not remounted). Most rows share a handful of badge states: one element per state, reused, lets React
// skip the badges of a row whose state is the same as the skill's it showed before. Badge tips are native titles:
// a floating tooltip per badge costs more to render than the rest of the row.
const badgeLines = new Map<string, ReactElement>();

/** `verdict`: the skill's, or Reviewing… while its change review runs (state/verdict-shown.ts). */
function badgeLine(entry: SkillEntry, verdict: ShownVerdict, lines: number): ReactElement {
  const basis = entry.review?.basis;
  const key = `${verdict}|${entry.errorCount}|${entry.warningCount}|${basis ? `${basis}:${entry.review!.errors}:${entry.review!.warnings}` : ''}|${entry.source}|${entry.status}|${entry.legacyForm ?? ''}|${entry.approval}|${lines}`;
  let line = badgeLines.get(key);
  if (line) return line;
  const local = entry.source === 'local';
  // The verdict badge carries the count that made it ("Risky · 2 errors"); counts it does not explain get their own badge.
  const ownErrors = entry.verdict !== 'risky' && entry.errorCount > 0;
  const ownWarnings = entry.verdict !== 'needs-look' && entry.errorCount === 0 && entry.warningCount > 0;
  line = (
    <div style={BADGES[Math.min(MAX_BADGE_LINES, Math.max(1, lines)) - 1]} data-badge-lines={lines}>
      <VerdictBadge verdict={verdict} errors={entry.errorCount} warnings={entry.warningCount} {...(basis ? { review: entry.review } : {})} size="xs" nativeTip />
      {local ? <LocalStatusBadge status={entry.status} size="xs" nativeTip /> : <StatusBadge status={entry.status} size="xs" nativeTip />}
      {ownErrors ? <SeverityBadge severity="error" count={entry.errorCount} size="xs" /> : null}
      {ownWarnings ? <SeverityBadge severity="warning" count={entry.warningCount} size="xs" /> : null}
      {entry.legacyForm ? <LegacyBadge form={entry.legacyForm} size="xs" nativeTip /> : null}
      <ApprovalBadge approval={entry.approval} size="xs" nativeTip />
    </div>
  );
  // A bound, never reached in practice: the states are few.
  if (badgeLines.size >= 1000) badgeLines.clear();
  badgeLines.set(key, line);
  return line;
}

/** What the listing tells, worked out once per entry (an updated skill is a new entry). */
const factMarksOf = new WeakMap<SkillEntry, ReactElement>();

function factMarks(entry: SkillEntry): ReactElement {
  let marks = factMarksOf.get(entry);
  if (!marks) factMarksOf.set(entry, (marks = <ListingFactMarks entry={entry} />));
  return marks;
}

export const SkillRow = memo(function SkillRow({ id, entry, selected, active, serverLabel, nameLines, badgeLines = 1, onOpen, top, height }: SkillRowProps) {
  const verdict = useShownVerdict(entry);
  const qualified = `${serverLabel ? `${serverLabel} › ` : ''}${entry.pathPrefix ? `${entry.pathPrefix}/` : ''}${entry.name}`;
  return (
    <div
      id={id}
      className="skill-row"
      role="option"
      aria-selected={selected}
      data-selected={selected}
      data-active={active}
      data-skill-uri={entry.uri}
      data-skill-name={entry.name}
      data-verdict={entry.verdict}
      onClick={() => onOpen(entry)}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height, transform: `translateY(${top}px)` }}
    >
      <div style={nameLines > 1 ? NAME_WRAPPED[nameLines - 1] : NAME} title={shownName(qualified)} data-skill-row-name data-name-lines={nameLines}>
        {entry.pathPrefix ? (
          <span style={PREFIX}>
            <InvisibleText text={`${entry.pathPrefix}/`} identifier />
          </span>
        ) : null}
        <InvisibleText text={entry.name} identifier />
      </div>
      {badgeLine(entry, verdict, badgeLines)}
      <div style={LAST}>
        <span style={DESCRIPTION} data-skill-row-description>
          {serverLabel ? (
            <>
              <span style={ORIGIN} data-origin-label>
                <InvisibleText text={serverLabel} identifier />
              </span>
              {' · '}
            </>
          ) : null}
          <BoundedDescription text={entry.description} max={MAX_ROW_DESCRIPTION} inRow />
        </span>
        <span style={FACTS} data-listing-facts-row>
          {factMarks(entry)}
        </span>
      </div>
    </div>
  );
});
