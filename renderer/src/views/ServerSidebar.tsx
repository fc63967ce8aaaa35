// The servers, left: status dot and word, transport, protocol era, skill
// count, worst finding, and the verdicts that need a person ("2 risky · 1 to
// look at · 1 reviewing…", by the verdict each row shows). Arrow keys move,
// Enter opens the server screen.
import { ActionIcon, Badge, Button, Group, Menu, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconDots, IconFileImport, IconPlus, IconServer2 } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import type { ServerView, Severity } from '../../../shared/model.js';
import { ConnectionDot } from '../components/ConnectionDot.js';
import { Empty } from '../components/Empty.js';
import { ErrorNotice } from '../components/ErrorNotice.js';
import { WorstFinding } from '../components/SeverityBadge.js';
import { SidebarOption } from '../components/SidebarOption.js';
import { VerdictRollup } from '../components/VerdictBadge.js';
import { listKeyHandler } from '../components/list-keys.js';
import { useCatalog } from '../state/catalog.js';
import { verdictTallies, type VerdictTally } from '../state/catalog-list.js';
import { useLocalOrigins } from '../state/local-origins.js';
import { useDialogs } from '../state/dialogs.js';
import { useSelection } from '../state/selection.js';
import { ALL_SERVERS, useServers } from '../state/servers.js';
import { useServerWatches } from '../state/server-watch.js';
import { useChangeReviewsRunning } from '../state/use-shown-verdict.js';
import { CollisionsSidebarLink } from './collisions/CollisionsSidebarLink.js';
import { LocalFoldersSection } from './local/LocalFoldersSection.js';
import { serverActions } from './server-actions.js';
import { worse, worstBySkills } from './worst-severity.js';
import { InvisibleText } from '../components/InvisibleText.js';
import { shownName } from '../components/shown-text.js';

function eraLabel(server: ServerView): string | undefined {
  const { era, protocolVersion } = server.connection;
  if (!era) return undefined;
  return era === 'modern' ? `protocol ${protocolVersion ?? '2026-07-28'}` : `legacy protocol ${protocolVersion ?? ''}`.trim();
}

function transportLabel(server: ServerView): string {
  const t = server.config.transport;
  return t.kind === 'stdio' ? 'stdio' : t.kind === 'http' ? 'HTTP' : 'SSE';
}

export function ServerSidebar() {
  const servers = useServers((s) => s.servers);
  const loaded = useServers((s) => s.loaded);
  const loadError = useServers((s) => s.loadError);
  const selected = useServers((s) => s.selectedServerId);
  const select = useServers((s) => s.select);
  const view = useSelection((s) => s.view);
  const openDialog = useDialogs((s) => s.open);
  const listRef = useRef<HTMLDivElement>(null);
  const skills = useCatalog((s) => s.skills);
  // The main process sends a server's worst finding with each listing; files checked since then raise it here.
  const worstFromSkills = useMemo(() => worstBySkills(skills.values()), [skills]);
  // Counted by the verdict each row shows: a skill whose change review runs says "Reviewing…" there, and here.
  const running = useChangeReviewsRunning();
  const tallies = useMemo(() => verdictTallies(skills.values(), running), [skills, running]);
  // "All skills" lists every origin's skills: the servers' and the local folders'.
  const localTotal = useLocalOrigins((s) => s.origins.reduce((n, o) => n + o.skillCount, 0));
  const total = servers.reduce((n, s) => n + s.skillCount, 0) + localTotal;
  const ids = [ALL_SERVERS, ...servers.map((s) => s.config.id)];
  const index = ids.indexOf(selected);

  const choose = (id: string) => {
    select(id);
    if (id === ALL_SERVERS) useSelection.getState().showCatalog();
    else if (view === 'server') useSelection.getState().showServer(id, useSelection.getState().serverTab);
  };
  const onKeyDown = listKeyHandler({
    count: ids.length,
    index,
    onMove: (i) => {
      choose(ids[i]!);
      listRef.current?.querySelector<HTMLElement>(`[data-index="${i}"]`)?.focus();
    },
    onEnter: (i) => {
      const id = ids[i]!;
      if (id === ALL_SERVERS) useSelection.getState().showCatalog();
      else serverActions.overview(id);
    },
  });

  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }}>
      <Group justify="space-between" px="sm" py={6} className="pane-header">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          Servers
        </Text>
        <Group gap={2}>
          <Tooltip label="Import from Claude Desktop, Cursor, VS Code…" withArrow>
            <ActionIcon variant="subtle" size="sm" aria-label="Import servers" onClick={() => openDialog({ kind: 'import' })}>
              <IconFileImport size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Add server" withArrow>
            <ActionIcon variant="subtle" size="sm" aria-label="Add server" onClick={() => openDialog({ kind: 'server-form' })} data-action="add-server">
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {loadError ? <ErrorNotice title="Could not load the servers" message={loadError} onRetry={() => void useServers.getState().load()} /> : null}
      <ScrollArea style={{ flex: 1 }}>
        <div ref={listRef} role="list" aria-label="Servers" onKeyDown={onKeyDown} className="server-list">
          <SidebarOption index={0} selected={selected === ALL_SERVERS} onChoose={() => choose(ALL_SERVERS)} data={{ 'data-all-servers': true }}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                All skills
              </Text>
              <Badge variant="default" size="sm">
                {total.toLocaleString()}
              </Badge>
            </Group>
            <RollupLine tally={tallies.all} indent={0} />
          </SidebarOption>
          {servers.map((server, i) => (
            <ServerRow
              key={server.config.id}
              server={server}
              worst={worse(server.worstSeverity, worstFromSkills.get(server.config.id))}
              tally={tallies.byServer.get(server.config.id)}
              index={i + 1}
              selected={selected === server.config.id}
              onChoose={() => choose(server.config.id)}
            />
          ))}
        </div>
        {loaded && servers.length === 0 ? (
          <Empty icon={<IconServer2 size={28} />} title="No servers yet" actions={
            <Stack gap={6}>
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => openDialog({ kind: 'server-form' })}>
                Add a server
              </Button>
              <Button size="xs" variant="default" leftSection={<IconFileImport size={14} />} onClick={() => openDialog({ kind: 'import' })}>
                Import from a config
              </Button>
            </Stack>
          }>
            Add a skills server by command or URL, or import the servers your other tools already use.
          </Empty>
        ) : null}
        <LocalFoldersSection />
        <CollisionsSidebarLink />
      </ScrollArea>
    </Stack>
  );
}

/** The verdicts of an origin's skills that need a person (and the change reviews running), under its name; nothing when none does. */
function RollupLine({ tally, indent = 15 }: { tally: VerdictTally | undefined; indent?: number }) {
  if (!tally || (tally.risky === 0 && tally.needsLook === 0 && tally.reviewing === 0)) return null;
  return (
    <Text size="xs" pl={indent} c="dimmed" component="div">
      <VerdictRollup tally={tally} />
    </Text>
  );
}

export function ServerRow({ server, worst, tally, index, selected, onChoose }: { server: ServerView; worst: Severity | undefined; tally: VerdictTally | undefined; index: number; selected: boolean; onChoose: () => void }) {
  const id = server.config.id;
  const status = server.connection.status;
  const era = eraLabel(server);
  const watch = useServerWatches((s) => s.watches.get(id));
  const stdio = server.config.transport.kind === 'stdio';
  return (
    <SidebarOption
      actions={
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" size="xs" tabIndex={selected ? 0 : -1} aria-label={`Actions for ${shownName(server.config.label)}`} onClick={(e) => e.stopPropagation()} data-server-menu>
              <IconDots size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item onClick={() => serverActions.overview(id)}>Overview</Menu.Item>
            <Menu.Item onClick={() => serverActions.log(id)}>Protocol log</Menu.Item>
            <Menu.Divider />
            {status === 'connected' || status === 'connecting' ? (
              <>
                <Menu.Item onClick={() => serverActions.reconnect(id)}>Reconnect</Menu.Item>
                <Menu.Item onClick={() => serverActions.disconnect(id)}>Disconnect</Menu.Item>
              </>
            ) : (
              <Menu.Item onClick={() => serverActions.connect(id)}>Connect</Menu.Item>
            )}
            {server.oauth && !server.oauth.signingIn ? (
              <Menu.Item onClick={() => serverActions.signIn(id)} data-server-action="sign-in">
                {server.oauth.signedIn ? 'Sign in again' : 'Sign in'}
              </Menu.Item>
            ) : null}
            {stdio ? (
              <>
                <Menu.Divider />
                {watch ? (
                  <Menu.Item onClick={() => serverActions.stopWatching(id)} data-server-action="stop-watch">
                    Stop watching
                  </Menu.Item>
                ) : (
                  <Menu.Item onClick={() => serverActions.watch(id)} data-server-action="watch">
                    {server.config.transport.kind === 'stdio' && server.config.transport.cwd ? 'Watch' : 'Watch…'}
                  </Menu.Item>
                )}
              </>
            ) : null}
            <Menu.Divider />
            <Menu.Item onClick={() => serverActions.edit(id)}>
              Edit…
            </Menu.Item>
            <Menu.Item onClick={() => serverActions.duplicate(id)}>Duplicate</Menu.Item>
            <Menu.Item color="red" onClick={() => serverActions.remove(id)}>
              Remove…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      }
      index={index}
      selected={selected}
      onChoose={onChoose}
      onDoubleClick={() => serverActions.overview(id)}
      data={{ 'data-server-label': server.config.label, 'data-server-id': id }}
    >
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <ConnectionDot status={status} />
          {/* A long label wraps (two lines at most) and shows in full on hover. */}
          <Text size="sm" lineClamp={2} fw={selected ? 600 : 500} title={shownName(server.config.label)} style={{ overflowWrap: 'anywhere' }} data-server-name>
            <InvisibleText text={server.config.label} identifier />
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {watch ? (
            <Tooltip label={`Watching ${shownName(watch.folder)}: restarted on every edit`} withArrow openDelay={300}>
              <Badge size="xs" variant="light" color="grape" data-watching={watch.running ? 'running' : 'idle'} style={{ flex: '0 0 auto' }}>
                {watch.running ? 'Restarting' : 'Watching'}
              </Badge>
            </Tooltip>
          ) : null}
          <WorstFinding severity={worst} />
          <Badge variant="default" size="sm" data-testid="skill-count" style={{ flex: '0 0 auto', overflow: 'visible' }}>
            {server.skillCount.toLocaleString()}
          </Badge>
        </Group>
      </Group>
      <Text size="xs" c={status === 'failed' ? 'red' : 'dimmed'} pl={15} truncate title={`${status} · ${transportLabel(server)}${era ? ` · ${era}` : ''}`} data-server-facts>
        {status} · {transportLabel(server)}
        {era ? ` · ${era}` : ''}
      </Text>
      <RollupLine tally={tally} />
    </SidebarOption>
  );
}
