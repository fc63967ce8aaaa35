// Removing a server says exactly what goes with it.
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useDialogs } from '../../state/dialogs.js';
import { useSelection } from '../../state/selection.js';
import { serverById, useServers } from '../../state/servers.js';
import { shownName } from '../../components/shown-text.js';

export function RemoveServerDialog({ serverId }: { serverId: string }) {
  const close = useDialogs((s) => s.close);
  const server = useServers((s) => serverById(s.servers, serverId));
  const [error, setError] = useState<string>();
  const [removing, setRemoving] = useState(false);
  if (!server) return null;
  const remove = async () => {
    setRemoving(true);
    try {
      await useServers.getState().remove(serverId);
      const selection = useSelection.getState();
      if (selection.skillKey?.startsWith(`${serverId}\n`)) selection.clear();
      if (selection.serverId === serverId) selection.showCatalog();
      close();
    } catch (e) {
      setError(errorMessage(e));
      setRemoving(false);
    }
  };
  return (
    <Modal opened onClose={close} title={`Remove “${shownName(server.config.label)}”?`} data-dialog="remove-server">
      <Stack gap="sm">
        <Text size="sm">This disconnects the server and deletes what the app keeps for it:</Text>
        <List size="sm" spacing={2}>
          <List.Item>its settings ({server.config.transport.kind === 'stdio' ? 'command, arguments, environment' : 'URL, headers, token'})</List.Item>
          <List.Item>its protocol log</List.Item>
          <List.Item>its {server.skillCount.toLocaleString()} listed skill{server.skillCount === 1 ? '' : 's'} and their verification results</List.Item>
          <List.Item>any other record kept for it, such as stored content and approvals</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Nothing on the server itself changes. You can add it again later.
        </Text>
        {error ? <ErrorNotice title="Could not remove" message={error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={removing} onClick={() => void remove()} data-action="confirm-remove">
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
