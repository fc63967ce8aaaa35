// The Provenance rows that place a skill among its neighbours: the skill it is
// nested in, the skills nested in it, and same-name skills anywhere. Served
// and local skills show them alike.
import { Anchor, Stack, Text } from '@mantine/core';
import type { SkillEntry } from '../../../../shared/model.js';
import { FactRow as Row } from '../../components/FactTable.js';
import { skillKey } from '../../state/catalog.js';
import { useSelection } from '../../state/selection.js';
import { SameNameSkills } from '../collisions/SameNameSkills.js';

export function RelatedSkillRows({ entry }: { entry: SkillEntry }) {
  const openSkill = useSelection((s) => s.openSkill);
  // Nested skills live on the same origin as the skill itself.
  const skillLink = (uri: string) => (
    <Anchor component="button" type="button" size="xs" className="mono" onClick={() => openSkill(skillKey(entry.serverId, uri))} key={uri}>
      {uri}
    </Anchor>
  );
  return (
    <>
      <Row label="Nested in">{entry.nestedIn ? skillLink(entry.nestedIn) : <Text size="xs" c="dimmed">not nested</Text>}</Row>
      <Row label="Contains skills">
        {entry.nestedSkills.length > 0 ? <Stack gap={2}>{entry.nestedSkills.map(skillLink)}</Stack> : <Text size="xs" c="dimmed">none</Text>}
      </Row>
      <Row label="Same-name skills">
        <SameNameSkills entry={entry} />
      </Row>
    </>
  );
}
