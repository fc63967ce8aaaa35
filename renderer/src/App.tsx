// The three-pane window: servers left, the catalog in the middle, the chosen
// skill right (or, across both, a server's own screens). Header actions,
// the status bar with Verify all's progress, dialogs and the command palette.
import { ActionIcon, Button, Group, Kbd, Modal, Title, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconChecklist, IconCommand, IconFileSearch, IconPlugConnected, IconPlus, IconSettings, IconShieldCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isLocalOriginId } from '../../shared/review-model.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { useApp } from './state/app.js';
import { useCatalog } from './state/catalog.js';
import { useCollisions } from './state/collisions.js';
import { useDialogs } from './state/dialogs.js';
import { useLocalOrigins } from './state/local-origins.js';
import { subscribeToEvents } from './state/events.js';
import { useSelection } from './state/selection.js';
import './state/selection-follows-server.js';
import { ALL_SERVERS, useServers } from './state/servers.js';
import { useSettings } from './state/settings.js';
import { useVerify } from './state/verify.js';
import { CatalogPane } from './views/CatalogPane.js';
import { CommandPalette, focusSearch, openPalette } from './views/CommandPalette.js';
import { DetailPane } from './views/DetailPane.js';
import { ReviewAllDock } from './views/review/ReviewAllDock.js';
import { CollisionsButton } from './views/collisions/CollisionsButton.js';
import { CollisionsView } from './views/collisions/CollisionsView.js';
import { ServerSidebar } from './views/ServerSidebar.js';
import { StatusBar } from './views/StatusBar.js';
import { ThemeToggle } from './views/ThemeSwitch.js';
import { Dialogs } from './views/dialogs/Dialogs.js';
import { AuthorizationPageNotices } from './views/AuthorizationPageNotices.js';
import { ServerScreen } from './views/server/ServerScreen.js';
import { serverActions } from './views/server-actions.js';

export function App() {
  useEffect(() => {
    const off = subscribeToEvents();
    void useServers.getState().load();
    // Local folders' skills join the catalog after its first load, which replaces everything it holds.
    void useCatalog
      .getState()
      .load()
      .catch(() => undefined)
      .then(() => useLocalOrigins.getState().load())
      .then(() => useCollisions.getState().scheduleRefresh());
    void useSettings.getState().load();
    void useApp.getState().load().catch(() => undefined);
    return off;
  }, []);
  const view = useSelection((s) => s.view);
  const serverId = useSelection((s) => s.serverId);
  const skillKey = useSelection((s) => s.skillKey);
  const dialog = useDialogs((s) => s.dialog);
  const openDialog = useDialogs((s) => s.open);
  // Server actions (Verify all, Load by URI) take a server; a chosen local folder is none.
  const selectedServer = useServers((s) => (isLocalOriginId(s.selectedServerId) ? ALL_SERVERS : s.selectedServerId));
  const running = useVerify((s) => s.job?.state === 'running');
  useHotkeys([
    ['/', focusSearch],
    ['mod+shift+V', () => serverActions.verifyAll(selectedServer !== ALL_SERVERS ? selectedServer : undefined)],
  ]);

  return (
    <div className="app-grid" data-view={view}>
      <header className="app-header">
        <IconShieldCheck size={22} aria-hidden />
        <Title order={1} size="h5">
          Skill Inspector
        </Title>
        <Group gap={6} ml="auto" wrap="nowrap">
          <Button size="compact-sm" variant="default" leftSection={<IconPlus size={14} />} onClick={() => openDialog({ kind: 'server-form' })} data-action="header-add-server">
            Add server
          </Button>
          <Button size="compact-sm" variant="default" leftSection={<IconFileSearch size={14} />} onClick={() => serverActions.loadByUri(selectedServer !== ALL_SERVERS ? selectedServer : undefined)}>
            Load by URI
          </Button>
          <CollisionsButton />
          <Button size="compact-sm" variant="default" leftSection={<IconPlugConnected size={14} />} onClick={() => openDialog({ kind: 'gateway' })} data-action="header-gateway">
            Gateway
          </Button>
          <Button size="compact-sm" leftSection={<IconChecklist size={14} />} disabled={running} onClick={() => serverActions.verifyAll()} data-action="header-verify-all">
            Verify all
          </Button>
          <Tooltip label={<>Commands <Kbd size="xs">Ctrl/⌘ K</Kbd></>} withArrow>
            <ActionIcon variant="subtle" aria-label="Command palette" onClick={() => openPalette()}>
              <IconCommand size={18} />
            </ActionIcon>
          </Tooltip>
          <ThemeToggle />
          <Tooltip label="Settings" withArrow>
            <ActionIcon variant="subtle" aria-label="Settings" onClick={() => openDialog({ kind: 'settings' })} data-action="settings">
              <IconSettings size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </header>
      <nav className="pane pane-servers" aria-label="Servers">
        <ErrorBoundary area="server list">
          <ServerSidebar />
        </ErrorBoundary>
      </nav>
      {view === 'collisions' ? (
        <main className="pane pane-wide" aria-label="Name collisions">
          <ErrorBoundary area="collisions view">
            <CollisionsView />
          </ErrorBoundary>
        </main>
      ) : view === 'server' ? (
        <main className="pane pane-wide">
          <ErrorBoundary area="server screen" resetKey={serverId}>
            <ServerScreen />
          </ErrorBoundary>
        </main>
      ) : (
        <>
          <section className="pane pane-catalog" aria-label="Skills">
            <ErrorBoundary area="catalog">
              <CatalogPane />
            </ErrorBoundary>
          </section>
          <main className="pane pane-detail" aria-label="Skill">
            <ErrorBoundary area="review all">
              <ReviewAllDock />
            </ErrorBoundary>
            <ErrorBoundary area="skill view" resetKey={skillKey}>
              <DetailPane />
            </ErrorBoundary>
          </main>
        </>
      )}
      <StatusBar />
      <ErrorBoundary
        area="dialog"
        resetKey={dialog}
        frame={(notice) => (
          <Modal opened onClose={() => useDialogs.getState().close()} title="Something went wrong">
            {notice}
          </Modal>
        )}
      >
        <Dialogs />
      </ErrorBoundary>
      <CommandPalette />
      <AuthorizationPageNotices />
    </div>
  );
}
