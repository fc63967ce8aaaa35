// The summary's plain-language points about what a skill asks for, shown at
// the top of the review's "What it asks for" section — so that heading, and
// what it says, appear once on the review screen — each one click from its
// evidence, as in the summary.
import { Anchor, List, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconShieldExclamation } from '@tabler/icons-react';
import { Fragment } from 'react';
import type { SummaryPoint, SummaryTone } from '../../../../shared/review-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import type { ReviewLinks } from './review-links.js';

const TONE: Record<SummaryTone, { color: string; word: string; Icon: typeof IconInfoCircle }> = {
  ok: { color: 'green', word: 'Nothing stands out', Icon: IconCircleCheck },
  info: { color: 'blue', word: 'Note', Icon: IconInfoCircle },
  caution: { color: 'yellow', word: 'Look closer', Icon: IconAlertTriangle },
  danger: { color: 'red', word: 'Be careful', Icon: IconShieldExclamation },
};

const PLACES_SHOWN = 3;

export function PlainPoints({ points, links }: { points: readonly SummaryPoint[]; links: ReviewLinks }) {
  if (points.length === 0) return null;
  return (
    <List spacing={4} size="sm" data-requests-plain={points.length}>
      {points.map((point, i) => {
        const tone = TONE[point.tone];
        const places = point.evidence.filter((e) => e.fileUri).slice(0, PLACES_SHOWN);
        return (
          <List.Item
            key={i}
            data-summary-topic={point.topic}
            data-summary-tone={point.tone}
            icon={
              <ThemeIcon color={tone.color} size={18} radius="xl" variant="light" role="img" aria-label={tone.word} title={tone.word}>
                <tone.Icon size={12} />
              </ThemeIcon>
            }
          >
            <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
              <span data-summary-text>
                <InvisibleText text={point.text} />
              </span>
              {places.map((e, j) => (
                <Fragment key={j}>
                  {' '}
                  <Anchor size="xs" component="button" type="button" className="mono" onClick={() => links.onEvidence(e)} data-evidence-file={e.fileUri} data-evidence-line={e.line} data-evidence-field={e.field}>
                    <InvisibleText text={links.fileLabel(e.fileUri ?? '')} identifier />
                    {e.line !== undefined ? `:${e.line}` : ''}
                    {e.field ? (
                      <>
                        {' ('}
                        <InvisibleText text={e.field} identifier />)
                      </>
                    ) : null}
                  </Anchor>
                </Fragment>
              ))}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
