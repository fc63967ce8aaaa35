// What the app knows about one server: how it is reached, what it says
// about itself (self-reported), era, capabilities, instructions, the last
// error with its diagnostic, and findings about the server as a whole.
import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { InstructionPointer } from '../../../../shared/api.js';
import type { ServerView } from '../../../../shared/model.js';
import { errorMessage } from '../../api.js';
import { DiagnosticNotice, ErrorNotice, LastErrorNotice } from '../../components/ErrorNotice.js';
import { FactRow as Row } from '../../components/FactTable.js';
import { FindingsList } from '../../components/FindingsList.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { UriText } from '../../components/UriText.js';
import { JsonView } from '../../components/JsonView.js';
import { WorstFinding } from '../../components/SeverityBadge.js';
import { formatTime } from '../../components/format-time.js';
import { skillKey, useCatalog } from '../../state/catalog.js';
import { useSelection } from '../../state/selection.js';
import { serverFindingsKey, useSkillDetails } from '../../state/skill-details.js';
import { useServerWatches } from '../../state/server-watch.js';
import { serverActions } from '../server-actions.js';
import { worse, worstBySkills } from '../worst-severity.js';
import { SignInAction } from '../SignInAction.js';
import { AuthorizationCard } from './AuthorizationCard.js';
import { ConnectionFactRows } from './ConnectionFacts.js';

const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

export function ServerOverview({ server }: { server: ServerView }) {
  const id = server.config.id;
  const c = server.connection;
  const status = c.status;
  const findingsLoad = useSkillDetails((s) => s.findings.get(serverFindingsKey(id)));
  const skillCount = server.skillCount;
  // A listing that ends (or fails) can change the findings without changing the skill count.
  const listing = useCatalog((s) => s.listing.has(id));
  useEffect(() => {
    void useSkillDetails.getState().loadFindings(id);
  }, [id, status, skillCount, listing]);
  const findings = findingsLoad?.state === 'loaded' ? findingsLoad.value : findingsLoad?.state === 'loading' ? findingsLoad.previous : undefined;
  const extensions = (c.capabilities?.['extensions'] ?? undefined) as Record<string, unknown> | undefined;
  const skillsCapability = extensions?.[SKILLS_EXTENSION];
  // As in the sidebar: files checked since the listing raise the server's worst finding.
  const skills = useCatalog((s) => s.skills);
  const worst = useMemo(() => worse(server.worstSeverity, worstBySkills(skills.values()).get(id)), [server.worstSeverity, skills, id]);
  const watching = useServerWatches((s) => s.watches.has(id));

  return (
    <Stack gap="md" p="md" className="tab-scroll" data-server-overview>
      <Group gap={6}>
        {status === 'connected' || status === 'connecting' ? (
          <>
            <Button size="xs" variant="default" onClick={() => serverActions.reconnect(id)}>
              Reconnect
            </Button>
            <Button size="xs" variant="default" onClick={() => serverActions.disconnect(id)}>
              Disconnect
            </Button>
          </>
        ) : (
          <Button size="xs" onClick={() => serverActions.connect(id)} data-action="connect">
            Connect
          </Button>
        )}
        <Button size="xs" variant="default" disabled={status !== 'connected'} onClick={() => serverActions.refresh(id)}>
          List skills again
        </Button>
        <Button size="xs" variant="default" disabled={status !== 'connected'} onClick={() => serverActions.verifyAll(id)}>
          Verify all
        </Button>
        {server.config.transport.kind === 'stdio' ? (
          <Button size="xs" variant="default" onClick={() => (watching ? serverActions.stopWatching(id) : serverActions.watch(id))} data-action={watching ? 'overview-stop-watch' : 'overview-watch'}>
            {watching ? 'Stop watching' : 'Watch'}
          </Button>
        ) : null}
        <Button size="xs" variant="default" onClick={() => serverActions.edit(id)}>
          Edit…
        </Button>
        <Button size="xs" variant="default" onClick={() => serverActions.duplicate(id)}>
          Duplicate
        </Button>
        <Button size="xs" variant="light" color="red" onClick={() => serverActions.remove(id)}>
          Remove…
        </Button>
      </Group>

      {c.error ? (
        <DiagnosticNotice
          heading="Connection failed"
          diagnostic={c.error}
          actions={
            <>
              <SignInAction server={server} />
              <Button size="xs" variant="light" color="red" onClick={() => serverActions.log(id)}>
                Open the protocol log
              </Button>
            </>
          }
        />
      ) : null}
      {!c.error && c.lastError ? (
        <LastErrorNotice diagnostic={c.lastError} />
      ) : null}

      <Table withTableBorder fz="xs" verticalSpacing={6}>
        <Table.Tbody>
          <Row label="Label">
            {/* A label may be one long word (a URL): it wraps rather than widen the table past the pane. */}
            <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
              <InvisibleText text={server.config.label} identifier /> <Text span size="xs" c="dimmed" fw={400}>(the name you gave it)</Text>
            </Text>
          </Row>
          <ConnectionFactRows server={server} unknown="not known until connected" />
          <Row label="Skills">
            <Group gap={6}>
              <Text size="xs">{server.skillCount.toLocaleString()} known</Text>
              <WorstFinding severity={worst} />
              {skillsCapability !== undefined ? (
                <Badge size="xs" color="green" variant="light" leftSection={<IconCircleCheck size={10} />}>
                  skills extension declared
                </Badge>
              ) : c.capabilities ? (
                <Badge size="xs" color="gray" variant="light">
                  no skills extension declared
                </Badge>
              ) : null}
            </Group>
          </Row>
          {c.connectedAt ? (
            <Row label="Connected">
              <Text size="xs">{formatTime(c.connectedAt)}</Text>
            </Row>
          ) : null}
          {c.pid ? (
            <Row label="Process id">
              <Text size="xs" className="mono">
                {c.pid}
              </Text>
            </Row>
          ) : null}
        </Table.Tbody>
      </Table>

      <AuthorizationCard server={server} />

      <Stack gap={6}>
        <Title order={3} size="h6">
          Instructions <Text span size="xs" c="dimmed" fw={400}>(self-reported: the server wrote them, the model may read them)</Text>
        </Title>
        {c.instructions ? (
          <>
            <Text size="xs" className="mono instructions" data-instructions>
              <InvisibleText text={c.instructions} />
            </Text>
            <InstructionPointers serverId={id} connected={status === 'connected'} />
          </>
        ) : (
          <Text size="xs" c="dimmed">
            {c.capabilities ? 'The server gave no instructions.' : 'Not known until connected.'}
          </Text>
        )}
      </Stack>

      <Stack gap={6}>
        <Title order={3} size="h6">
          Capabilities <Text span size="xs" c="dimmed" fw={400}>(self-reported)</Text>
        </Title>
        {c.capabilities ? <JsonView value={c.capabilities} maxHeight={320} /> : <Text size="xs" c="dimmed">Not known until connected.</Text>}
      </Stack>

      <Stack gap={6}>
        <Title order={3} size="h6">
          Findings about the server
        </Title>
        {findingsLoad?.state === 'error' ? <ErrorNotice title="Findings could not be loaded" message={findingsLoad.message} /> : null}
        {findings === undefined && findingsLoad?.state !== 'error' ? <Loader size="xs" /> : null}
        {findings && findings.length === 0 ? (
          <Text size="xs" c="dimmed">
            None. Findings about single skills are in each skill's Checks tab.
          </Text>
        ) : null}
        {findings && findings.length > 0 ? <FindingsList findings={findings} links={{}} /> : null}
      </Stack>
    </Stack>
  );
}

function InstructionPointers({ serverId, connected }: { serverId: string; connected: boolean }) {
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; pointers: readonly InstructionPointer[] } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const openSkill = useSelection((s) => s.openSkill);
  const check = () => {
    setState({ kind: 'loading' });
    useCatalog
      .getState()
      .instructionPointers(serverId)
      .then(
        (pointers) => {
          setState({ kind: 'done', pointers });
          // The check notes what it found about the server (a URI the server did not confirm): show it now.
          void useSkillDetails.getState().loadFindings(serverId);
        },
        (error: unknown) => setState({ kind: 'error', message: errorMessage(error) }),
      );
  };
  return (
    <Stack gap={4}>
      <Group gap={6}>
        <Button size="compact-xs" variant="default" onClick={check} loading={state.kind === 'loading'} disabled={!connected} data-action="instruction-pointers">
          Find skill URIs in the instructions
        </Button>
        <Text size="xs" c="dimmed">
          Asks skills/get about each; a URI becomes a skill only when the server confirms it.
        </Text>
      </Group>
      {state.kind === 'error' ? <ErrorNotice title="Could not check the instructions" message={state.message} /> : null}
      {state.kind === 'done' && state.pointers.length === 0 ? (
        <Text size="xs" c="dimmed">
          No skill URIs in the instructions.
        </Text>
      ) : null}
      {state.kind === 'done'
        ? state.pointers.map((p) => (
            <Group key={p.uri} gap={6} wrap="nowrap" data-pointer={p.uri} data-confirmed={p.confirmed}>
              {p.confirmed ? <IconCircleCheck size={14} color="var(--mantine-color-green-6)" aria-label="confirmed" /> : <IconCircleX size={14} color="var(--mantine-color-red-6)" aria-label="not confirmed" />}
              {p.confirmed ? (
                <Anchor component="button" type="button" size="xs" className="mono" onClick={() => openSkill(skillKey(serverId, p.uri))}>
                  <UriText uri={p.uri} />
                </Anchor>
              ) : (
                <Text size="xs" className="mono">
                  <UriText uri={p.uri} />
                </Text>
              )}
              {p.error ? (
                <Text size="xs" c="red">
                  <InvisibleText text={p.error} />
                </Text>
              ) : null}
            </Group>
          ))
        : null}
    </Stack>
  );
}
