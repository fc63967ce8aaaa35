// Ctrl/Cmd+K: every action of the app by name — dialogs, Verify all, each
// server's actions, the open skill's tabs, and any skill by name.
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { Spotlight, createSpotlight, useSpotlight, type SpotlightActionData, type SpotlightActionGroupData } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { skillKey, useCatalog } from '../state/catalog.js';
import { useDialogs } from '../state/dialogs.js';
import { useSelection } from '../state/selection.js';
import { ALL_SERVERS, useServers } from '../state/servers.js';
import { useVerify } from '../state/verify.js';
import { useLocalOrigins } from '../state/local-origins.js';
import { useReviewSession } from '../state/review-session.js';
import { useReviewAll } from '../state/review-all.js';
import { isLocalOriginId } from '../../../shared/review-model.js';
import { SEARCH_INPUT_ID } from './CatalogPane.js';
import { skillTabs, TAB_LABELS } from './skill-tabs.js';
import { approvalAppActions, approvalServerActions, approvalSkillActions } from './approvals/palette-actions.js';
import { localOriginActions, reviewAppActions, reviewSkillActions } from './local/palette-actions.js';
import { serverActions } from './server-actions.js';
import { reviewAllAppActions, reviewAllServerActions } from './review/palette-actions.js';
import { catalogViewActions, skillPaletteItem } from './catalog-palette-actions.js';
import { originLabel } from './local/origin-labels.js';
import { shownName } from '../components/shown-text.js';
import { anyOrderFilter } from './palette-filter.js';
import { connectAll } from '../state/connect-all.js';
import { PALETTE_ATTRIBUTE, addedServerPlace, allSkillsPlace, focusAfterPalette, paletteClosed, paletteOpened, serverPlace, shownServerTab, shownTab } from './palette-focus.js';

const [paletteStore, palette] = createSpotlight();

/** Opens the command palette (the header button and the status bar use it; Ctrl/Cmd+K too). */
export const openPalette = (): void => palette.open();

/** Skills offered by name: enough to find any one by typing, without building thousands of entries. */
const MAX_SKILL_ACTIONS = 2_000;

export function focusSearch(): void {
  useSelection.getState().showCatalog();
  requestAnimationFrame(() => document.getElementById(SEARCH_INPUT_ID)?.focus());
}

export function CommandPalette() {
  const servers = useServers((s) => s.servers);
  // Server actions take a server; a chosen local folder is none.
  const selectedServer = useServers((s) => (isLocalOriginId(s.selectedServerId) ? ALL_SERVERS : s.selectedServerId));
  const skills = useCatalog((s) => s.skills);
  const origins = useLocalOrigins((s) => s.origins);
  const openKey = useSelection((s) => s.skillKey);
  // A change review under way makes its skill say Reviewing…, here as in the catalog.
  const diffs = useReviewSession((s) => s.diffs);
  const running = useVerify((s) => s.job?.state === 'running');
  // Read by the entries' builders (Review all's and the catalog's): while the palette is open a job may start,
  // end or be cancelled (from another window too), and its entries must say so then, not at the next open.
  const reviewAllJob = useReviewAll((s) => s.job);
  const reviewAllCardOpen = useReviewAll((s) => s.cardOpen);
  const sort = useCatalog((s) => s.sort);
  const verdictFilter = useCatalog((s) => s.verdict);
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const openDialog = useDialogs((s) => s.open);
  // Built only while open: the catalog changes many times a second during Verify all.
  const { opened } = useSpotlight(paletteStore);

  const actions = useMemo(() => {
    if (!opened) return [];
    const general: SpotlightActionData[] = [
      { id: 'add-server', label: 'Add a server…', description: 'stdio command, Streamable HTTP or SSE', onClick: () => openDialog({ kind: 'server-form' }) },
      { id: 'import', label: 'Import servers…', description: 'from Claude Desktop, Cursor, VS Code, MCP Inspector or pasted JSON', onClick: () => openDialog({ kind: 'import' }) },
      { id: 'verify-all', label: 'Verify all skills', description: 'Read every file of every connected server and compare with the listings', onClick: () => serverActions.verifyAll() },
      ...(selectedServer !== ALL_SERVERS ? [{ id: 'verify-server', label: 'Verify all skills of the selected server', onClick: () => serverActions.verifyAll(selectedServer) }] : []),
      ...(servers.some((s) => s.connection.status !== 'connected' && s.connection.status !== 'connecting')
        ? [{ id: 'connect-all', label: 'Connect all servers', description: 'Connect every server that is not connected, a few at a time', onClick: () => void connectAll(servers.map((s) => s.config.id)) }]
        : []),
      ...(running ? [{ id: 'cancel-verify', label: 'Cancel Verify all', onClick: () => void useVerify.getState().cancel() }] : []),
      ...reviewAllAppActions(selectedServer !== ALL_SERVERS ? selectedServer : undefined, { job: reviewAllJob, cardOpen: reviewAllCardOpen }),
      { id: 'load-uri', label: 'Load a skill by URI…', description: 'Ask a server’s skills/get', onClick: () => serverActions.loadByUri(selectedServer !== ALL_SERVERS ? selectedServer : undefined) },
      { id: 'search', label: 'Search skills', description: 'Focus the search box ( / )', onClick: focusSearch },
      { id: 'filter-errors', label: 'Filter: skills with errors', onClick: () => useCatalog.getState().toggleFilter('errors') },
      { id: 'filter-warnings', label: 'Filter: skills with warnings', onClick: () => useCatalog.getState().toggleFilter('warnings') },
      { id: 'filter-unverified', label: 'Filter: unverified skills', onClick: () => useCatalog.getState().toggleFilter('unverified') },
      { id: 'filter-clear', label: 'Clear search and filters', onClick: () => useCatalog.getState().clearFilters() },
      { id: 'all-servers', label: 'Show skills of all servers', onClick: () => { useServers.getState().select(ALL_SERVERS); useSelection.getState().showCatalog(); focusAfterPalette(allSkillsPlace); } },
      { id: 'settings', label: 'Settings…', description: 'Timeouts, size limits, log size', onClick: () => openDialog({ kind: 'settings' }) },
      { id: 'theme', label: scheme === 'dark' ? 'Use light theme' : 'Use dark theme', onClick: () => setColorScheme(scheme === 'dark' ? 'light' : 'dark') },
      { id: 'theme-auto', label: 'Follow the system theme', onClick: () => setColorScheme('auto') },
      ...approvalAppActions(),
      ...reviewAppActions(),
      ...catalogViewActions({ sort, verdict: verdictFilter }),
    ];
    const groups: SpotlightActionGroupData[] = [{ group: 'App', actions: general }];

    const labels = new Map([...servers.map((s) => [s.config.id, s.config.label] as const), ...origins.map((o) => [o.id, o.label] as const)]);
    const entry = openKey ? skills.get(openKey) : undefined;
    if (entry) {
      groups.push({
        // Which server's: several may list a skill of this name, and Verify, Enable or Disable act on this one only.
        group: `Skill ${shownName(entry.name)} ${isLocalOriginId(entry.serverId) ? 'in' : 'on'} ${shownName(originLabel(labels, entry.serverId))}`,
        actions: [
          // A local folder's skill is read from disk: nothing to verify or approve.
          ...(isLocalOriginId(entry.serverId) ? [] : [{ id: 'verify-skill', label: `Verify ${shownName(entry.name)}`, onClick: () => void useVerify.getState().verifySkill(entry.serverId, entry.uri) }, ...approvalSkillActions(entry)]),
          ...reviewSkillActions(entry),
          // The tabs its detail pane shows: a local folder's skill has no Review or Changes tab.
          ...skillTabs(entry.serverId).map((tab) => ({ id: `tab-${tab}`, label: `Show ${TAB_LABELS[tab]}`, description: shownName(entry.name), onClick: () => { useSelection.getState().setTab(tab); focusAfterPalette(shownTab(tab)); } })),
        ],
      });
    }

    const serverItems: SpotlightActionData[] = [];
    for (const s of servers) {
      const id = s.config.id;
      const label = shownName(s.config.label);
      const connected = s.connection.status === 'connected';
      serverItems.push(
        { id: `go-${id}`, label: `Go to ${label}`, description: `${s.skillCount} skills · ${s.connection.status}`, onClick: () => { useServers.getState().select(id); useSelection.getState().showCatalog(); focusAfterPalette(serverPlace(id)); } },
        // A server's screen shown: focus on its tab shown; a copy added: on the copy in the sidebar, once it is there.
        { id: `overview-${id}`, label: `${label}: overview`, onClick: () => { serverActions.overview(id); focusAfterPalette(shownServerTab); } },
        { id: `log-${id}`, label: `${label}: protocol log`, onClick: () => { serverActions.log(id); focusAfterPalette(shownServerTab); } },
        connected ? { id: `reconnect-${id}`, label: `${label}: reconnect`, onClick: () => serverActions.reconnect(id) } : { id: `connect-${id}`, label: `${label}: connect`, onClick: () => serverActions.connect(id) },
        ...(connected ? [{ id: `disconnect-${id}`, label: `${label}: disconnect`, onClick: () => serverActions.disconnect(id) }, { id: `refresh-${id}`, label: `${label}: list skills again`, onClick: () => serverActions.refresh(id) }] : []),
        ...(s.config.transport.kind === 'stdio' ? [{ id: `watch-${id}`, label: `${label}: watch (restart on every edit)`, onClick: () => { serverActions.watch(id); focusAfterPalette(shownServerTab); } }] : []),
        { id: `edit-${id}`, label: `${label}: edit…`, onClick: () => serverActions.edit(id) },
        { id: `duplicate-${id}`, label: `${label}: duplicate`, onClick: () => { const copy = serverActions.duplicate(id); focusAfterPalette(addedServerPlace(copy), copy); } },
        { id: `remove-${id}`, label: `${label}: remove…`, onClick: () => serverActions.remove(id) },
        ...approvalServerActions(id, label),
        ...reviewAllServerActions(id, label, connected, reviewAllJob?.state === 'running'),
      );
    }
    if (serverItems.length > 0) groups.push({ group: 'Servers', actions: serverItems });
    const folderItems = localOriginActions(origins);
    if (folderItems.length > 0) groups.push({ group: 'Local folders', actions: folderItems });

    const skillItems: SpotlightActionData[] = [];
    for (const e of skills.values()) {
      if (skillItems.length >= MAX_SKILL_ACTIONS) break;
      const key = skillKey(e.serverId, e.uri);
      skillItems.push(skillPaletteItem(e, key, labels.get(e.serverId), diffs.get(key)));
    }
    if (skillItems.length > 0) groups.push({ group: 'Skills', actions: skillItems });
    return groups;
  }, [opened, servers, origins, selectedServer, skills, diffs, openKey, running, reviewAllJob, reviewAllCardOpen, sort, verdictFilter, scheme, setColorScheme, openDialog]);

  return (
    <Spotlight
      store={paletteStore}
      actions={actions}
      shortcut={['mod + K']}
      filter={anyOrderFilter}
      // Like an IDE's palette, Ctrl/Cmd+K works while typing in a field too.
      tagsToIgnore={[]}
      limit={40}
      nothingFound="No command matches"
      highlightQuery
      scrollable
      maxHeight={480}
      searchProps={{ leftSection: <IconSearch size={18} />, placeholder: 'Type a command, a server or a skill…' }}
      // Focus after closing is palette-focus.ts's: a command that changes the view (Open <skill>, Go to <server>,
      // Show <tab>) puts it on what it showed, not back where it was.
      returnFocus={false}
      onSpotlightOpen={paletteOpened}
      onExitTransitionEnd={paletteClosed}
      {...{ [PALETTE_ATTRIBUTE]: true }}
    />
  );
}
