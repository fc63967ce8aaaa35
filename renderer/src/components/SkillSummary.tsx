// The plain-language summary of a skill (from a content review): one
// headline in the words of the skill's verdict (verdict-headline.ts: red and
// "could do harm" for Risky alone), then what it is for, what it contains,
// what it asks for and what looks risky — each point one click from its
// evidence (the place in a file, and the finding in Checks). Never says "safe".
import { Alert, Anchor, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { Fragment } from 'react';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconShieldExclamation } from '@tabler/icons-react';
import type { SkillSummary as Summary, SummaryEvidence, SummaryPoint, SummaryTone, SummaryTopic } from '../../../shared/review-model.js';
import type { Verdict } from '../../../shared/verdict.js';
import { InvisibleText } from './InvisibleText.js';
import { VERDICT_STYLE } from './VerdictBadge.js';
import { shownPointTone, verdictHeadline, verdictTone, type ReviewVerdict } from './verdict-headline.js';

const SUMMARY_TONE: Record<SummaryTone, { color: string; word: string; Icon: typeof IconInfoCircle }> = {
  ok: { color: 'green', word: 'Nothing stands out', Icon: IconCircleCheck },
  info: { color: 'blue', word: 'Note', Icon: IconInfoCircle },
  caution: { color: 'yellow', word: 'Look closer', Icon: IconAlertTriangle },
  danger: { color: 'red', word: 'Be careful', Icon: IconShieldExclamation },
};

const TOPICS: readonly { topic: SummaryTopic; title: string }[] = [
  { topic: 'purpose', title: 'What it is for' },
  { topic: 'contents', title: 'What it contains' },
  { topic: 'asks', title: 'What it asks for' },
  { topic: 'risk', title: 'What looks risky' },
];

/** Places shown per point; the rest are one click away in Checks. */
const PLACES_SHOWN = 3;

export interface SummaryLinks {
  /** Opens the place a piece of evidence points at (a file, a line, a field). */
  readonly onEvidence?: (evidence: SummaryEvidence) => void;
  /** Opens a finding in the Checks tab. */
  readonly onFinding?: (findingId: string) => void;
  /** A file's name for a link (its path inside the skill). */
  readonly fileLabel?: (fileUri: string) => string;
}

/** `verdict`: reviewVerdict(entry, review) — the banner's colour, icon and headline follow it, not the loudest point. */
export function SkillSummary({ summary, verdict, onEvidence, onFinding, fileLabel }: { summary: Summary; verdict: ReviewVerdict } & SummaryLinks) {
  const tone = verdictTone(verdict.verdict);
  const style = VERDICT_STYLE[verdict.verdict];
  const links: SummaryLinks = { ...(onEvidence ? { onEvidence } : {}), ...(onFinding ? { onFinding } : {}), ...(fileLabel ? { fileLabel } : {}) };
  return (
    <Alert
      color={style.color}
      variant="light"
      icon={<style.Icon size={20} aria-hidden />}
      // The headline says how careful to be in words ("Be careful: …", "Needs a look: …"); the icon and colour repeat it.
      title={<span data-summary-headline>{verdictHeadline(summary, verdict)}</span>}
      data-testid="skill-summary"
      data-tone={tone}
      data-verdict={verdict.verdict}
    >
      <Stack gap={8}>
        {TOPICS.map(({ topic, title }) => {
          const points = summary.points.filter((p) => p.topic === topic);
          if (points.length === 0) return null;
          return (
            <Stack gap={2} key={topic} data-summary-section={topic}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                {title}
              </Text>
              <List spacing={4} size="sm">
                {points.map((point, i) => (
                  <PointItem key={i} point={point} verdict={verdict.verdict} links={links} />
                ))}
              </List>
            </Stack>
          );
        })}
      </Stack>
    </Alert>
  );
}

function PointItem({ point, verdict, links }: { point: SummaryPoint; verdict: Verdict; links: SummaryLinks }) {
  const shown = shownPointTone(point.tone, verdict);
  const tone = SUMMARY_TONE[shown];
  const places = distinctPlaces(point.evidence);
  const findingId = point.evidence.find((e) => e.findingId)?.findingId;
  return (
    <List.Item
      data-summary-topic={point.topic}
      data-summary-tone={shown}
      icon={
        <ThemeIcon color={tone.color} size={18} radius="xl" variant="light" role="img" aria-label={tone.word} title={tone.word}>
          <tone.Icon size={12} />
        </ThemeIcon>
      }
    >
      {/* One flowing line: the sentence, then its evidence, wrapping like prose. */}
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {/* The text quotes the skill (its description): invisible characters drawn, so nothing reads reversed or hidden. */}
        <span data-summary-text>
          <InvisibleText text={point.text} />
        </span>
        {links.onEvidence
          ? places.slice(0, PLACES_SHOWN).map((e, j) => (
              <Fragment key={j}>
                {' '}
                <Anchor
                  size="xs"
                  component="button"
                  type="button"
                  className="mono"
                  onClick={() => links.onEvidence?.(e)}
                  data-evidence-file={e.fileUri}
                  data-evidence-line={e.line}
                  data-evidence-field={e.field}
                  data-evidence-finding={e.findingId}
                >
                  {/* A path and a field are the server's words: a name, so line breaks are marked too. */}
                  <InvisibleText text={placeLabel(e, links.fileLabel)} identifier />
                </Anchor>
              </Fragment>
            ))
          : null}
        {findingId && links.onFinding ? (
          <>
            {' '}
            <Anchor size="xs" component="button" type="button" onClick={() => links.onFinding?.(findingId)} data-evidence-check={findingId}>
              {places.length > PLACES_SHOWN ? `all ${places.length} in Checks` : 'details in Checks'}
            </Anchor>
          </>
        ) : !findingId && links.onEvidence && places.length > PLACES_SHOWN ? (
          <Text size="xs" c="dimmed" span>
            {' '}
            and {places.length - PLACES_SHOWN} more
          </Text>
        ) : null}
      </Text>
    </List.Item>
  );
}

/** Evidence that points at a place, once per place. */
function distinctPlaces(evidence: readonly SummaryEvidence[]): SummaryEvidence[] {
  const seen = new Set<string>();
  const out: SummaryEvidence[] = [];
  for (const e of evidence) {
    if (!e.fileUri) continue;
    const key = `${e.fileUri}\n${e.line ?? ''}\n${e.field ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  return out;
}

function placeLabel(e: SummaryEvidence, fileLabel: ((uri: string) => string) | undefined): string {
  const uri = e.fileUri ?? '';
  const file = fileLabel ? fileLabel(uri) : uri.slice(uri.lastIndexOf('/') + 1);
  if (e.line !== undefined) return `${file}:${e.line}${e.field ? ` (${e.field})` : ''}`;
  return e.field ? `${file} · ${e.field}` : file;
}
