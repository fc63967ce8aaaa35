// A skill's verdict (shared/verdict.ts) in the one colour language, always
// with its icon and its word: red Risky, amber Needs a look, green Clean as
// checked, grey Not reviewed yet. The same words in every list, the header,
// the palette and the review banner; never "safe". While the change review
// of an approved skill that changed runs, its badge says Reviewing… (an
// hourglass and the word), which counts as no verdict (state/verdict-shown.ts).
import { Badge, Tooltip } from '@mantine/core';
import { IconEye, IconHourglass, IconListCheck, IconListSearch, IconShieldX } from '@tabler/icons-react';
import type { SkillEntry, SkillReviewCounts } from '../../../shared/model.js';
import { VERDICT_LABEL, type Verdict } from '../../../shared/verdict.js';
import type { VerdictTally } from '../state/catalog-list.js';
import type { ShownVerdict } from '../state/verdict-shown.js';
import { useShownVerdict } from '../state/use-shown-verdict.js';

export const VERDICT_STYLE: Readonly<Record<Verdict, { readonly color: string; readonly tip: string; readonly Icon: typeof IconShieldX }>> = {
  risky: {
    color: 'red',
    tip: 'Its review found something that could do harm (an error-level finding), or its files did not match the listing. Read its review before anything uses it.',
    Icon: IconShieldX,
  },
  'needs-look': {
    color: 'yellow',
    tip: 'Its review found things worth reading before you approve it (warnings: a script, a request for tools), or not everything could be checked. Nothing found was an error.',
    Icon: IconEye,
  },
  'clean-as-checked': {
    color: 'green',
    tip: 'Every file was read and matches the listing, and the review found nothing to warn about. That is what was checked — not a promise about what the skill will do.',
    Icon: IconListCheck,
  },
  'not-reviewed': {
    color: 'gray',
    tip: 'Its content has not been reviewed yet. "Review content" reads every file and says what it does and what looks risky.',
    Icon: IconListSearch,
  },
};

/** While a change review runs: not a verdict, so neither a verdict's colour nor its words. */
export const REVIEWING_STYLE = {
  color: 'blue',
  label: 'Reviewing…',
  tip: 'It changed since you approved it, and the change review is running the content-risk rules on the version the server serves now. Its verdict shows here when that review ends.',
  Icon: IconHourglass,
} as const;

const styleOf = (verdict: ShownVerdict) => (verdict === 'reviewing' ? REVIEWING_STYLE : VERDICT_STYLE[verdict]);

/** "Risky · 2 errors", "Needs a look · 1 warning", "Clean as checked", "Not reviewed yet", "Reviewing…". */
export function verdictText(verdict: ShownVerdict, counts?: { readonly errors: number; readonly warnings: number }): string {
  if (verdict === 'reviewing') return REVIEWING_STYLE.label;
  const label = VERDICT_LABEL[verdict];
  if (verdict === 'risky' && counts && counts.errors > 0) return `${label} · ${counts.errors} error${counts.errors === 1 ? '' : 's'}`;
  if (verdict === 'needs-look' && counts && counts.warnings > 0) return `${label} · ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}`;
  return label;
}

/**
 * Why this skill has its verdict, when the words of the verdict alone would
 * mislead: an approved skill that changed is judged by the rules the Changes
 * tab ran on the version served now, not by a review of it.
 */
export function verdictTip(verdict: ShownVerdict, review?: SkillReviewCounts): string {
  if (verdict === 'reviewing' || review?.basis !== 'change-review') return styleOf(verdict).tip;
  const found = review.errors > 0 ? `${plural(review.errors, 'error')}${review.warnings > 0 ? ` and ${plural(review.warnings, 'warning')}` : ''}` : review.warnings > 0 ? plural(review.warnings, 'warning') : 'nothing at warning or above';
  return `It changed since you approved it. The change review of the version the server serves now found ${found}; its Changes tab shows what is new since approval.`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** `nativeTip`: the tip as the badge's title, for lists of thousands of rows (no floating tooltip per badge). */
export function VerdictBadge({ verdict, errors, warnings, review, size = 'sm', nativeTip = false }: { verdict: ShownVerdict; errors?: number; warnings?: number; review?: SkillReviewCounts; size?: 'xs' | 'sm' | 'md'; nativeTip?: boolean }) {
  const s = styleOf(verdict);
  const tip = verdictTip(verdict, review);
  const badge = (
    <Badge
      color={s.color}
      variant={verdict === 'not-reviewed' || verdict === 'reviewing' ? 'outline' : 'light'}
      size={size}
      leftSection={<s.Icon size={12} aria-hidden />}
      data-verdict={verdict}
      data-verdict-basis={verdict === 'reviewing' ? undefined : review?.basis}
      style={BADGE_STYLE}
      title={nativeTip ? tip : undefined}
    >
      {verdictText(verdict, { errors: errors ?? 0, warnings: warnings ?? 0 })}
    </Badge>
  );
  if (nativeTip) return badge;
  return (
    <Tooltip label={tip} multiline w={300} withArrow openDelay={300}>
      {badge}
    </Tooltip>
  );
}

const BADGE_STYLE = { flex: '0 0 auto' } as const;

/** A listed skill's verdict with its counts, or Reviewing… while its change review runs. */
export function EntryVerdictBadge({ entry, size = 'xs' }: { entry: SkillEntry; size?: 'xs' | 'sm' | 'md' }) {
  return <VerdictBadge verdict={useShownVerdict(entry)} errors={entry.errorCount} warnings={entry.warningCount} size={size} />;
}

/**
 * The sidebar's roll-up: "2 risky · 1 to look at · 1 reviewing…", each with its icon; nothing when no skill needs a
 * look. A skill whose change review runs is counted as its row shows it, Reviewing…, until its verdict lands.
 */
export function VerdictRollup({ tally }: { tally: VerdictTally | undefined }) {
  if (!tally || (tally.risky === 0 && tally.needsLook === 0 && tally.reviewing === 0)) return null;
  const parts: { verdict: ShownVerdict; text: string }[] = [];
  if (tally.risky > 0) parts.push({ verdict: 'risky', text: `${tally.risky.toLocaleString()} risky` });
  if (tally.needsLook > 0) parts.push({ verdict: 'needs-look', text: `${tally.needsLook.toLocaleString()} to look at` });
  if (tally.reviewing > 0) parts.push({ verdict: 'reviewing', text: `${tally.reviewing.toLocaleString()} reviewing…` });
  return (
    <span className="verdict-rollup" data-verdict-rollup={parts.map((p) => p.text).join(' · ')}>
      {parts.map((p, i) => {
        const s = styleOf(p.verdict);
        return (
          <span key={p.verdict} className="verdict-rollup-part" data-rollup-verdict={p.verdict}>
            {i > 0 ? <span aria-hidden> · </span> : null}
            <s.Icon size={12} aria-hidden style={{ color: `var(--mantine-color-${s.color}-text)`, verticalAlign: '-2px' }} />
            <span> {p.text}</span>
          </span>
        );
      })}
    </span>
  );
}
