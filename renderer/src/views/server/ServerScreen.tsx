// A server's own screens, across the catalog and detail columns: its
// overview, approvals, protocol log, folder comparison and Watch.
import { Button, Group, Tabs, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ConnectionDot } from '../../components/ConnectionDot.js';
import { Empty } from '../../components/Empty.js';
import { type ServerTab, useSelection } from '../../state/selection.js';
import { serverById, useServers } from '../../state/servers.js';
import { ServerApprovals } from '../approvals/ServerApprovals.js';
import { CompareFolder } from './CompareFolder.js';
import { ProtocolLog } from './ProtocolLog.js';
import { ServerOverview } from './ServerOverview.js';
import { WatchPanel } from './WatchPanel.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { shownName } from '../../components/shown-text.js';

export function ServerScreen() {
  const serverId = useSelection((s) => s.serverId);
  const tab = useSelection((s) => s.serverTab);
  const setTab = useSelection((s) => s.setServerTab);
  const showCatalog = useSelection((s) => s.showCatalog);
  const server = useServers((s) => serverById(s.servers, serverId));
  if (!server) {
    return (
      <Empty title="This server is gone" actions={<Button size="xs" onClick={showCatalog}>Back to skills</Button>}>
        It was removed from the catalog. Choose another server on the left.
      </Empty>
    );
  }
  return (
    <div className="server-screen" data-server-screen={server.config.label}>
      <Group justify="space-between" px="md" py={6} className="pane-header" wrap="nowrap">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          {/* The label beside it gives way (truncated, whole in its tooltip); the way back keeps its word. */}
          <Button size="compact-xs" variant="subtle" leftSection={<IconArrowLeft size={14} />} onClick={showCatalog} style={{ flex: '0 0 auto' }} data-action="back-to-skills">
            Skills
          </Button>
          <ConnectionDot status={server.connection.status} />
          <Text fw={700} truncate title={shownName(server.config.label)}>
            <InvisibleText text={server.config.label} identifier />
          </Text>
          <Text size="xs" c={server.connection.status === 'failed' ? 'red' : 'dimmed'} style={{ flex: '0 0 auto' }}>
            {server.connection.status}
          </Text>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => v && setTab(v as ServerTab)} keepMounted={false} className="detail-tabs">
        <Tabs.List px="xs">
          <Tabs.Tab value="overview" data-tab="server-overview">
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="approvals" data-tab="server-approvals">
            Approvals
          </Tabs.Tab>
          <Tabs.Tab value="log" data-tab="protocol-log">
            Protocol log
          </Tabs.Tab>
          <Tabs.Tab value="source" data-tab="compare-folder">
            Compare with a folder
          </Tabs.Tab>
          {server.config.transport.kind === 'stdio' ? (
            <Tabs.Tab value="watch" data-tab="server-watch">
              Watch
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="overview" className="tab-panel">
          <ServerOverview server={server} />
        </Tabs.Panel>
        <Tabs.Panel value="approvals" className="tab-panel">
          <ServerApprovals server={server} />
        </Tabs.Panel>
        <Tabs.Panel value="log" className="tab-panel">
          <ProtocolLog server={server} />
        </Tabs.Panel>
        <Tabs.Panel value="source" className="tab-panel">
          <CompareFolder server={server} />
        </Tabs.Panel>
        <Tabs.Panel value="watch" className="tab-panel">
          <WatchPanel server={server} />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
