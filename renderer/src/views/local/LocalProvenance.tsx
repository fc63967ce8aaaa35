// Where a local skill comes from: the folder on this computer, what it is,
// which agents read it, and the skill's place in it — no server involved.
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { SkillEntry } from '../../../../shared/model.js';
import { CopyableText, FactRow as Row } from '../../components/FactTable.js';
import { formatTime } from '../../components/format-time.js';
import { originById, useLocalOrigins } from '../../state/local-origins.js';
import { hostList, qualifiedName } from './origin-labels.js';
import { RelatedSkillRows } from '../skill/RelatedSkillRows.js';

export function LocalProvenance({ entry }: { entry: SkillEntry }) {
  const origin = useLocalOrigins((s) => originById(s.origins, entry.serverId));
  const label = origin?.label ?? entry.serverId.slice('local:'.length);
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
          <RelatedSkillRows entry={entry} />
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
