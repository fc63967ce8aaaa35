// Where this skill comes from: the server as you named it, how the app
// reaches it, what the server says about itself (marked as self-reported),
// how the skill was found, and its relatives.
import { Group, Stack, Table, Text } from '@mantine/core';
import type { SkillEntry, SkillSource } from '../../../../shared/model.js';
import { isLocalOriginId } from '../../../../shared/review-model.js';
import { CopyableText, FactRow as Row } from '../../components/FactTable.js';
import { formatTime } from '../../components/format-time.js';
import { SERVER_NOT_LISTED, serverById, useServers } from '../../state/servers.js';
import { LocalProvenance } from '../local/LocalProvenance.js';
import { qualifiedName } from '../local/origin-labels.js';
import { ConnectionFactRows } from '../server/ConnectionFacts.js';
import { RelatedSkillRows } from './RelatedSkillRows.js';
import { InvisibleText } from '../../components/InvisibleText.js';

const SOURCES: Record<SkillSource, string> = {
  listed: 'Listed by the server (skills/list)',
  get: 'Confirmed by the server (skills/get)',
  instructions: "Named in the server's instructions, then confirmed by skills/get",
  'user-uri': 'Loaded by a URI you entered, confirmed by skills/get',
  legacy: 'Found through an older discovery form',
  local: 'A local skill folder',
};

export function ProvenanceTab({ entry }: { entry: SkillEntry }) {
  return isLocalOriginId(entry.serverId) ? <LocalProvenance entry={entry} /> : <ServedProvenance entry={entry} />;
}

function ServedProvenance({ entry }: { entry: SkillEntry }) {
  const server = useServers((s) => serverById(s.servers, entry.serverId));

  return (
    <Stack gap="sm" p="md" className="tab-scroll" data-provenance>
      <Table withTableBorder fz="xs" verticalSpacing={6}>
        <Table.Tbody>
          <Row label="Qualified name">
            <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }} data-qualified-name>
              <InvisibleText text={qualifiedName(server?.config.label ?? SERVER_NOT_LISTED, entry.name, entry.pathPrefix)} identifier />
            </Text>
          </Row>
          <Row label="Server">
            <Group gap={6}>
              <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }} data-provenance-label>
                <InvisibleText text={server?.config.label ?? SERVER_NOT_LISTED} identifier />
              </Text>
              {server ? (
                <Text size="xs" c="dimmed">
                  (the name you gave it)
                </Text>
              ) : null}
            </Group>
          </Row>
          <ConnectionFactRows server={server} unknown="not known (not connected)" />
          <Row label="How the skill was found">
            <Text size="xs" data-provenance-source={entry.source}>
              {SOURCES[entry.source]}
              {entry.legacyForm ? `: ${entry.legacyForm}` : ''}
            </Text>
          </Row>
          <Row label="Skill URI">
            <CopyableText value={entry.uri} copyLabel="Copy URI" />
          </Row>
          <Row label="URI scheme">
            <Text size="xs" className="mono">
              {entry.scheme}:
              {entry.scheme !== 'skill' ? <Text span size="xs" c="dimmed" ff="body">{'  '}(not the usual skill: scheme)</Text> : null}
            </Text>
          </Row>
          <Row label="Path prefix">
            <Text size="xs" className="mono">
              {entry.pathPrefix || <Text span size="xs" c="dimmed" ff="body">none</Text>}
            </Text>
          </Row>
          <Row label="Fetched">
            <Text size="xs">{formatTime(entry.fetchedAt)}</Text>
          </Row>
          <Row label="Cache hint">
            <Text size="xs">
              {entry.ttlMs !== undefined ? `ttlMs ${entry.ttlMs.toLocaleString()} (${describeTtl(entry.ttlMs)})` : 'no ttlMs given'}
              {' · '}
              {entry.cacheScope ? `cacheScope ${entry.cacheScope}` : 'no cacheScope given'}
            </Text>
          </Row>
          <RelatedSkillRows entry={entry} />
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function describeTtl(ms: number): string {
  if (ms === 0) return 'always re-fetch';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}
