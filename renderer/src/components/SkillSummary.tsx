// The plain-language summary of a skill (from review.scanSkill): one headline,
// then what it is for, what it contains, what it asks for and what looks risky
// — each point one click from its evidence. Never says "safe".
import { Alert, Anchor, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconShieldExclamation } from '@tabler/icons-react';
import type { SkillSummary as Summary, SummaryEvidence, SummaryTone } from '../../../shared/review-model.js';

const TONE: Record<SummaryTone, { color: string; word: string; Icon: typeof IconInfoCircle }> = {
  ok: { color: 'green', word: 'Nothing stands out', Icon: IconCircleCheck },
  info: { color: 'blue', word: 'Note', Icon: IconInfoCircle },
  caution: { color: 'yellow', word: 'Look closer', Icon: IconAlertTriangle },
  danger: { color: 'red', word: 'Be careful', Icon: IconShieldExclamation },
};

export interface EvidenceLink {
  (evidence: SummaryEvidence): void;
}

export function SkillSummary({ summary, onEvidence }: { summary: Summary; onEvidence?: EvidenceLink }) {
  const headline = TONE[summary.tone];
  return (
    <Alert color={headline.color} icon={<headline.Icon size={18} aria-hidden />} title={`${headline.word}: ${summary.headline}`} data-testid="skill-summary" data-tone={summary.tone}>
      <Stack gap={6}>
        <Text size="sm">{summary.purpose}</Text>
        <List spacing={4} size="sm" center>
          {summary.points.map((point, i) => {
            const tone = TONE[point.tone];
            return (
              <List.Item
                key={i}
                data-summary-topic={point.topic}
                data-summary-tone={point.tone}
                icon={
                  <ThemeIcon color={tone.color} size={18} radius="xl" variant="light" aria-label={tone.word}>
                    <tone.Icon size={12} />
                  </ThemeIcon>
                }
              >
                <Group gap={6} wrap="wrap">
                  <Text size="sm" span>
                    {point.text}
                  </Text>
                  {onEvidence
                    ? point.evidence.slice(0, 3).map((e, j) => (
                        <Anchor key={j} size="xs" component="button" type="button" onClick={() => onEvidence(e)} data-evidence={e.findingId ?? e.fileUri}>
                          {evidenceLabel(e)}
                        </Anchor>
                      ))
                    : null}
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Alert>
  );
}

function evidenceLabel(e: SummaryEvidence): string {
  const file = e.fileUri ? e.fileUri.slice(e.fileUri.lastIndexOf('/') + 1) : undefined;
  const place = [file, e.line !== undefined ? `line ${e.line}` : undefined, e.field].filter(Boolean).join(', ');
  return place ? `see ${place}` : `see ${e.findingId ?? 'evidence'}`;
}
