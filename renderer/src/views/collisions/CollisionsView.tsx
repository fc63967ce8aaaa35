// Name collisions, across the catalog and detail columns: every clash of
// one name (within a server, across servers, between a server and a local
// folder) with both sides and each agent's documented choice, then the
// lookalike names. Reads no server file.
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Empty } from '../../components/Empty.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useCollisions } from '../../state/collisions.js';
import { useSelection } from '../../state/selection.js';
import { CollisionCard } from './CollisionCard.js';
import { NearCollisionCard } from './NearCollisionCard.js';
import { collisionCountWords, nearSectionTitle } from './near-reason.js';

export function CollisionsView() {
  const report = useCollisions((s) => s.report);
  const loading = useCollisions((s) => s.loading);
  const error = useCollisions((s) => s.error);
  const showCatalog = useSelection((s) => s.showCatalog);
  useEffect(() => {
    void useCollisions.getState().load();
  }, []);
  const origins = report ? new Set(report.skills.map((s) => s.serverId)).size : 0;

  return (
    <div className="server-screen" data-collisions-view={report ? 'loaded' : 'loading'}>
      <Group justify="space-between" px="md" py={6} className="pane-header" wrap="nowrap">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Button size="compact-xs" variant="subtle" leftSection={<IconArrowLeft size={14} />} onClick={showCatalog} data-action="back-to-skills">
            Skills
          </Button>
          {/* Focusable from code only: Show name collisions in the palette puts focus here (palette-focus.ts). */}
          <Title order={2} size="h5" tabIndex={-1} data-collisions-heading>
            Name collisions
          </Title>
          {report ? (
            <Text size="xs" c="dimmed" data-collisions-summary>
              {collisionCountWords(report.collisions.length, report.nearCollisions)} among{' '}
              {report.skills.length.toLocaleString()} skills from {origins} origin{origins === 1 ? '' : 's'}
            </Text>
          ) : null}
        </Group>
        <Button size="compact-xs" variant="default" leftSection={loading ? <Loader size={10} /> : <IconRefresh size={14} />} onClick={() => void useCollisions.getState().load()} disabled={loading} data-action="refresh-collisions">
          Check again
        </Button>
      </Group>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Stack gap="md" p="md" maw={1200}>
          <Text size="sm" c="dimmed">
            An agent picks a skill by its name. When two skills share a name — or look as if they do — it may use the wrong one, often without telling you. Each clash shows every copy by its
            qualified name (where it comes from › name); click one to open it.
          </Text>
          {error ? <ErrorNotice title="The clashes could not be listed" message={error} onRetry={() => void useCollisions.getState().load()} /> : null}
          {!report && loading ? <Loader size="sm" /> : null}
          {report && report.collisions.length === 0 && report.nearCollisions.length === 0 ? (
            <Empty icon={<IconCircleCheck size={28} />} title="No name clashes">
              Every name among the {report.skills.length.toLocaleString()} skills listed so far is unique, and none looks like another. Connect more servers or add local folders to check them
              too.
            </Empty>
          ) : null}
          {report && report.collisions.length > 0 ? (
            <Stack gap="sm" data-collisions-section="same-name">
              <Title order={3} size="h6">
                Same name ({report.collisions.length})
              </Title>
              {report.collisions.map((c) => (
                <CollisionCard key={c.name} collision={c} hosts={report.hosts} />
              ))}
            </Stack>
          ) : null}
          {report && report.nearCollisions.length > 0 ? (
            <Stack gap="sm" data-collisions-section="lookalike">
              <Title order={3} size="h6">
                {nearSectionTitle(report.nearCollisions)} ({report.nearCollisions.length})
              </Title>
              {report.nearCollisions.map((n) => (
                <NearCollisionCard key={n.names.join('\n')} near={n} />
              ))}
            </Stack>
          ) : null}
        </Stack>
      </div>
    </div>
  );
}
