import { Group, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useCatalog } from './state/catalog.js';
import { subscribeToEvents } from './state/events.js';
import { useServers } from './state/servers.js';
import { CatalogPane } from './views/CatalogPane.js';
import { DetailPane } from './views/DetailPane.js';
import { ServerSidebar } from './views/ServerSidebar.js';

export function App() {
  useEffect(() => {
    const off = subscribeToEvents();
    void useServers.getState().load();
    void useCatalog.getState().load();
    return off;
  }, []);
  return (
    <div className="app-grid">
      <header className="app-header">
        <IconShieldCheck size={22} aria-hidden />
        <Title order={1} size="h4">
          Skill Inspector
        </Title>
        <Group gap="xs" ml="auto">
          <Text size="xs" c="dimmed">
            MCP skills, verified before they reach your agent
          </Text>
        </Group>
      </header>
      <nav className="pane" aria-label="Servers">
        <ServerSidebar />
      </nav>
      <section className="pane" aria-label="Skills">
        <CatalogPane />
      </section>
      <main className="pane">
        <DetailPane />
      </main>
    </div>
  );
}
