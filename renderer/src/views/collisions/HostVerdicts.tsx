// What each agent would do with one clash, per its documentation: which copy
// it would use, whether it tells you, and where that is written.
import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { Collision, HostInfo, HostVerdict } from '../../../../shared/review-model.js';
import { useDialogs } from '../../state/dialogs.js';
import { HOST_NAMES } from '../local/origin-labels.js';

const VERDICT: Record<HostVerdict['verdict'], { word: string; color: string }> = {
  picks: { word: 'uses one, hides the rest', color: 'yellow' },
  'shows-all': { word: 'shows every copy', color: 'blue' },
  'sees-one': { word: 'sees only one', color: 'gray' },
  'reads-none': { word: 'reads none of them', color: 'gray' },
  unknown: { word: 'not documented', color: 'orange' },
};

export function HostVerdicts({ collision, hosts }: { collision: Collision; hosts: readonly HostInfo[] }) {
  const openDialog = useDialogs((s) => s.open);
  const nameOf = (v: HostVerdict) => hosts.find((h) => h.id === v.host)?.name ?? HOST_NAMES[v.host];
  // A skill from a server: no agent documents its ranking, so one sentence says it for all of them.
  if (collision.hosts.every((v) => v.verdict === 'unknown' && !v.chosen) && collision.skills.some((s) => s.originKind === 'server')) {
    return (
      <Text size="xs" data-host-verdicts="undocumented">
        <Badge size="xs" variant="light" color={VERDICT.unknown.color} mr={6}>
          {VERDICT.unknown.word}
        </Badge>
        No agent documents how a skill from an MCP server ranks against another one or a local one: treat each as able to use either copy without telling you. Checked:{' '}
        {collision.hosts.map((v, i) => {
          const source = v.source ?? hosts.find((h) => h.id === v.host)?.source;
          return (
            <span key={v.host} data-host={v.host} data-verdict={v.verdict} data-silent={v.silent === undefined ? 'unknown' : String(v.silent)}>
              {i > 0 ? ', ' : ''}
              {source ? (
                <Anchor component="button" type="button" size="xs" onClick={() => openDialog({ kind: 'external-link', url: source })} data-host-source={source}>
                  {nameOf(v)}
                </Anchor>
              ) : (
                nameOf(v)
              )}
            </span>
          );
        })}
        .
      </Text>
    );
  }
  const chosenName = (v: HostVerdict) => collision.skills.find((s) => v.chosen && s.serverId === v.chosen.serverId && s.skillUri === v.chosen.skillUri)?.qualifiedName;
  return (
    <Table withTableBorder fz="xs" verticalSpacing={4} data-host-verdicts>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={150}>Agent</Table.Th>
          <Table.Th>What it would do</Table.Th>
          <Table.Th w={110}>Tells you?</Table.Th>
          <Table.Th w={150}>Documented at</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {collision.hosts.map((v) => {
          const source = v.source ?? hosts.find((h) => h.id === v.host)?.source;
          const chosen = chosenName(v);
          return (
            <Table.Tr key={v.host} data-host={v.host} data-verdict={v.verdict} data-silent={v.silent === undefined ? 'unknown' : String(v.silent)}>
              <Table.Td>
                <Text size="xs" fw={600}>
                  {nameOf(v)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={VERDICT[v.verdict].color} mb={2}>
                  {VERDICT[v.verdict].word}
                </Badge>
                {chosen ? (
                  <Text size="xs" fw={600} data-host-chosen={chosen}>
                    would use {chosen}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  {v.note}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c={v.silent ? 'red' : undefined}>
                  {v.silent === true ? 'no — silently' : v.silent === false ? 'yes' : v.verdict === 'reads-none' ? '—' : 'not documented'}
                </Text>
              </Table.Td>
              <Table.Td>
                {source ? (
                  <Anchor component="button" type="button" size="xs" ta="left" style={{ overflowWrap: 'anywhere' }} onClick={() => openDialog({ kind: 'external-link', url: source })} data-host-source={source}>
                    {hostOf(source)}
                  </Anchor>
                ) : (
                  <Text size="xs" c="dimmed">
                    no source
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return url;
  }
}
