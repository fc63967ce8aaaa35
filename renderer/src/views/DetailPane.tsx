import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Markdown } from '../components/Markdown.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { useCatalog } from '../state/catalog.js';
import { fileKey, useFiles } from '../state/files.js';
import { useSelection } from '../state/selection.js';

export function DetailPane() {
  const key = useSelection((s) => s.skillKey);
  const entry = useCatalog((s) => (key ? s.skills.get(key) : undefined));
  const serverId = entry?.serverId;
  const uri = entry?.uri;
  const skillMd = useFiles((s) => (serverId && uri ? s.files.get(fileKey(serverId, uri, uri)) : undefined));
  useEffect(() => {
    if (serverId && uri) void useFiles.getState().load(serverId, uri, uri);
  }, [serverId, uri]);
  if (!entry) {
    return (
      <Text c="dimmed" p="xl">
        Select a skill to see what it will make your agent do.
      </Text>
    );
  }
  return (
    <Stack p="md" gap="sm" style={{ overflow: 'auto' }}>
      <Title order={2} size="h3">
        {entry.name}
      </Title>
      <Text className="mono" size="xs" c="dimmed">
        {entry.uri}
      </Text>
      <StatusBadge status={entry.status} />
      {skillMd?.state === 'loading' ? <Loader size="sm" /> : null}
      {skillMd?.state === 'error' ? <Text c="red">{skillMd.message}</Text> : null}
      {skillMd?.state === 'loaded' && skillMd.content.text !== undefined ? <Markdown source={skillMd.content.text} /> : null}
    </Stack>
  );
}
