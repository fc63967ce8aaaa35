// Two names that look alike but are not the same: each drawn with the
// characters that differ marked and named, both skills side by side.
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { NearCollision } from '../../../../shared/review-model.js';
import { SkillSide } from './SkillSide.js';
import { markDifferences, type NamePart } from './name-diff.js';
import { nearReasonWords } from './near-reason.js';

export function NearCollisionCard({ near }: { near: NearCollision }) {
  const [left, right] = markDifferences(near.names[0], near.names[1]);
  return (
    <Paper withBorder p="sm" radius="md" data-near-collision={near.names.join(' ')} data-near-reason={near.reason}>
      <Stack gap="xs">
        <Group gap={8} wrap="wrap">
          <Text fw={700} className="mono" size="md">
            <MarkedName parts={left} /> <Text span c="dimmed" fw={400}>and</Text> <MarkedName parts={right} />
          </Text>
          <Badge color="yellow" variant="light" size="sm" data-near-reason-words>
            {nearReasonWords(near)}
          </Badge>
        </Group>
        <Text size="xs" data-near-detail>
          They look almost the same: {near.detail}.
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          <SkillSide skill={near.skills[0]} name={<Qualified label={near.skills[0].qualifiedName} name={near.names[0]} parts={left} />} />
          <SkillSide skill={near.skills[1]} name={<Qualified label={near.skills[1].qualifiedName} name={near.names[1]} parts={right} />} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The qualified name with its name part marked, when the name ends it (it always does: "origin › path/name"). */
function Qualified({ label, name, parts }: { label: string; name: string; parts: readonly NamePart[] }) {
  if (!label.endsWith(name)) return <>{label}</>;
  return (
    <>
      {label.slice(0, label.length - name.length)}
      <MarkedName parts={parts} />
    </>
  );
}

export function MarkedName({ parts }: { parts: readonly NamePart[] }) {
  return (
    <span data-marked-name={parts.map((p) => p.text).join('')}>
      {parts.map((p, i) =>
        p.differs ? (
          <span key={i} className="hidden-char" title={p.codes} aria-label={`${p.text} (${p.codes})`} data-differs={p.codes}>
            {p.text}
          </span>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  );
}
