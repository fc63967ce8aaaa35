// One side of a name clash: the skill by its qualified name, where it comes
// from, its verdict beside its verification state, its URI or path and
// description, and which agents would use it. Clicking it opens the skill.
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFolder, IconServer2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { QualifiedSkill } from '../../../../shared/review-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { BoundedDescription, MAX_ROW_DESCRIPTION } from '../../components/SkillDescription.js';
import { UriText } from '../../components/UriText.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { LocalStatusBadge } from '../local/LocalStatusBadge.js';
import { EntryVerdictBadge } from '../../components/VerdictBadge.js';
import { shownName } from '../../components/shown-text.js';
import { skillKey, useCatalog } from '../../state/catalog.js';
import { openSide } from './open-side.js';

export function SkillSide({ skill, name, chosenBy }: { skill: QualifiedSkill; name?: ReactNode; chosenBy?: readonly string[] }) {
  const entry = useCatalog((s) => s.skills.get(skillKey(skill.serverId, skill.skillUri)));
  const local = skill.originKind === 'local';
  return (
    <UnstyledButton onClick={() => openSide(skill)} style={{ display: 'block', minWidth: 0 }} title={`Open ${shownName(skill.qualifiedName)}`} data-collision-side={skill.qualifiedName} data-side-origin={skill.serverId} data-side-uri={skill.skillUri}>
      <Paper withBorder p="xs" radius="sm" className="collision-side" style={{ height: '100%' }}>
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <Badge size="xs" variant="light" color={local ? 'grape' : 'blue'} leftSection={local ? <IconFolder size={10} /> : <IconServer2 size={10} />} style={{ flex: '0 0 auto' }}>
              {local ? 'local folder' : 'server'}
            </Badge>
            <Text size="xs" c="dimmed" truncate className={local ? 'mono' : undefined}>
              <InvisibleText text={skill.originLabel} identifier />
            </Text>
          </Group>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-side-qualified>
            {name ?? <InvisibleText text={skill.qualifiedName} identifier />}
          </Text>
          {entry ? (
            <Group gap={4} data-side-verdict={entry.verdict}>
              <EntryVerdictBadge entry={entry} />
              {local ? <LocalStatusBadge status={entry.status} size="xs" /> : <StatusBadge status={entry.status} size="xs" />}
            </Group>
          ) : null}
          <Text size="xs" className="mono" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <UriText uri={local ? fileUriPath(skill.skillUri) : skill.skillUri} />
          </Text>
          {entry?.description ? <SideDescription description={entry.description} /> : null}
          {chosenBy && chosenBy.length > 0 ? (
            <Group gap={4}>
              {chosenBy.map((host) => (
                <Badge key={host} size="xs" color="yellow" variant="outline" data-chosen-by={host}>
                  {host} would use this one
                </Badge>
              ))}
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

/** A local skill's path as the user knows it, from its file: URI. */
function fileUriPath(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}

/** The description on a side: three lines at most, so no more than a few rows' worth of a (possibly huge) text is laid out. */
export function SideDescription({ description }: { description: string }) {
  return (
    <Text size="xs" lineClamp={3} data-side-description>
      <BoundedDescription text={description} max={MAX_ROW_DESCRIPTION} inRow />
    </Text>
  );
}
