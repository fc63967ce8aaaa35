// Other skills with this skill's name, each by its qualified name (origin ›
// name) and one click from it; and the way to every clash.
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { SkillEntry } from '../../../../shared/model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { EntryVerdictBadge } from '../../components/VerdictBadge.js';
import { skillKey, useCatalog } from '../../state/catalog.js';
import { useSelection } from '../../state/selection.js';
import { originLabel, qualifiedName, useOriginLabels } from '../local/origin-labels.js';

/** Shown per skill; the Collisions view has the rest. */
const MAX_SHOWN = 20;

export function SameNameSkills({ entry }: { entry: SkillEntry }) {
  const skills = useCatalog((s) => s.skills);
  const labels = useOriginLabels();
  const openSkill = useSelection((s) => s.openSkill);
  const showCollisions = useSelection((s) => s.showCollisions);
  const sameName = useMemo(() => [...skills.values()].filter((e) => e.name === entry.name && (e.serverId !== entry.serverId || e.uri !== entry.uri)), [skills, entry]);
  if (sameName.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        none
      </Text>
    );
  }
  return (
    <Stack gap={2} data-same-name={sameName.length}>
      <Text size="xs" c="yellow">
        {sameName.length} other skill{sameName.length === 1 ? '' : 's'} called “<InvisibleText text={entry.name} identifier />”: an agent may confuse them.{' '}
        <Anchor component="button" type="button" size="xs" onClick={showCollisions} data-action="show-collisions">
          See every name clash
        </Anchor>
      </Text>
      {sameName.slice(0, MAX_SHOWN).map((e) => (
        <Group key={skillKey(e.serverId, e.uri)} gap={6} wrap="nowrap">
          <EntryVerdictBadge entry={e} />
          {/* Wraps anywhere: a server label may be one long word (a URL), which widened the Provenance table past the pane. */}
          <Anchor component="button" type="button" size="xs" ta="left" style={{ minWidth: 0, overflowWrap: 'anywhere' }} onClick={() => openSkill(skillKey(e.serverId, e.uri))} data-same-name-skill={e.uri}>
            <Text span size="xs" fw={600}>
              <InvisibleText text={qualifiedName(originLabel(labels, e.serverId), e.name, e.pathPrefix)} identifier />
            </Text>{' '}
            <Text span size="xs" className="mono" c="dimmed">
              <InvisibleText text={e.uri} identifier />
            </Text>
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}
