// Where a local skill comes from: the folder on this computer, what it is,
// which agents read it, and the skill's place in it — no server involved.
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { SkillEntry } from '../../../../shared/model.js';
import { CopyableText, FactRow as Row } from '../../components/FactTable.js';
import { formatTime } from '../../components/format-time.js';
import { skillKey } from '../../state/catalog.js';
import { originById, useLocalOrigins } from '../../state/local-origins.js';
import { useSelection } from '../../state/selection.js';
import { SameNameSkills } from '../collisions/SameNameSkills.js';
import { hostList, qualifiedName } from './origin-labels.js';

export function LocalProvenance({ entry }: { entry: SkillEntry }) {
  const origin = useLocalOrigins((s) => originById(s.origins, entry.serverId));
  const openSkill = useSelection((s) => s.openSkill);
  const label = origin?.label ?? entry.serverId.slice('local:'.length);
  const skillLink = (uri: string) => (
    <Anchor component="button" type="button" size="xs" className="mono" onClick={() => openSkill(skillKey(entry.serverId, uri))} key={uri}>
      {uri}
    </Anchor>
  );
  return (
    <Stack gap="sm" p="md" className="tab-scroll" data-provenance="local">
      <Table withTableBorder fz="xs" verticalSpacing={6}>
        <Table.Tbody>
          <Row label="Qualified name">
            <Text size="xs" fw={600} data-qualified-name>
              {qualifiedName(label, entry.name, entry.pathPrefix)}
            </Text>
          </Row>
          <Row label="Local folder">
            <Group gap={6}>
              <Text size="xs" fw={600} className="mono" data-provenance-label>
                {label}
              </Text>
              <Badge size="xs" variant="outline" color="gray">
                on this computer
              </Badge>
            </Group>
            {origin ? (
              <Text size="xs" c="dimmed">
                {origin.description}
              </Text>
            ) : null}
          </Row>
          <Row label="Full path">
            <CopyableText value={origin?.path ?? label} copyLabel="Copy path" copyable={origin !== undefined} />
          </Row>
          <Row label="Agents that read it">
            <Text size="xs">{origin ? hostList(origin.hosts) : 'not known'}</Text>
          </Row>
          <Row label="In the list because">
            <Text size="xs">{origin?.addedByUser ? 'you added it' : 'agents read this folder by default'}</Text>
          </Row>
          <Row label="How the skill was found">
            <Text size="xs" data-provenance-source={entry.source}>
              A folder with a SKILL.md in it. Read from disk by this app — not served, so there is no listing to compare with and nothing to approve.
            </Text>
          </Row>
          <Row label="SKILL.md">
            <CopyableText value={entry.uri} copyLabel="Copy URI" />
          </Row>
          <Row label="Path in the folder">
            <Text size="xs" className="mono">
              {entry.pathPrefix ? `${entry.pathPrefix}/` : ''}
              {entry.uri.split('/').at(-2) ?? entry.name}
            </Text>
          </Row>
          <Row label="Read">
            <Text size="xs">{formatTime(entry.fetchedAt)}</Text>
          </Row>
          <Row label="Nested in">{entry.nestedIn ? skillLink(entry.nestedIn) : <Text size="xs" c="dimmed">not nested</Text>}</Row>
          <Row label="Contains skills">
            {entry.nestedSkills.length > 0 ? <Stack gap={2}>{entry.nestedSkills.map(skillLink)}</Stack> : <Text size="xs" c="dimmed">none</Text>}
          </Row>
          <Row label="Same-name skills">
            <SameNameSkills entry={entry} />
          </Row>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
