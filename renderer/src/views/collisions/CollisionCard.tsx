// One name clash: every skill with the name side by side, and what each
// agent would do with them.
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Collision, CollisionScope, HostInfo } from '../../../../shared/review-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { HOST_NAMES } from '../local/origin-labels.js';
import { HostVerdicts } from './HostVerdicts.js';
import { SkillSide } from './SkillSide.js';
import { sameSkill } from './open-side.js';

export const SCOPE_WORDS: Record<CollisionScope, string> = {
  'same-origin': 'twice in one place, at different paths',
  'across-servers': 'on different servers',
  'server-and-local': 'on a server and in a folder on this computer',
  'across-local': 'in different folders on this computer',
};

export function CollisionCard({ collision, hosts }: { collision: Collision; hosts: readonly HostInfo[] }) {
  const columns = Math.min(collision.skills.length, 3);
  return (
    <Paper withBorder p="sm" radius="md" data-collision={collision.name} data-collision-scope={collision.scope}>
      <Stack gap="xs">
        <Group gap={8} wrap="wrap">
          <Text fw={700} className="mono" size="md">
            <InvisibleText text={collision.name} identifier />
          </Text>
          <Badge color="yellow" variant="light" size="sm">
            {collision.skills.length} skills share this name
          </Badge>
          <Text size="xs" c="dimmed">
            {SCOPE_WORDS[collision.scope]}
          </Text>
        </Group>
        <SimpleGrid cols={columns} spacing="xs">
          {collision.skills.map((skill) => (
            <SkillSide
              key={`${skill.serverId}\n${skill.skillUri}`}
              skill={skill}
              chosenBy={collision.hosts.filter((v) => (v.verdict === 'picks' || v.verdict === 'sees-one') && sameSkill(v.chosen, skill)).map((v) => HOST_NAMES[v.host])}
            />
          ))}
        </SimpleGrid>
        <HostVerdicts collision={collision} hosts={hosts} />
      </Stack>
    </Paper>
  );
}
