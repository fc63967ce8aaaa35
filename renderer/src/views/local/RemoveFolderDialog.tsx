// Removes a folder the user added from the list (never from the disk). A
// project's folders go together, as they were added together.
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { LocalOrigin } from '../../../../shared/review-model.js';
import { errorMessage } from '../../api.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useLocalOrigins } from '../../state/local-origins.js';
import { useLocalDialogs } from './local-dialogs.js';

export function RemoveFolderDialog({ origin }: { origin: LocalOrigin }) {
  const close = useLocalDialogs((s) => s.close);
  const origins = useLocalOrigins((s) => s.origins);
  const [error, setError] = useState<string>();
  const [removing, setRemoving] = useState(false);
  // The folders of the same added project share its description's project part.
  const siblings = origin.scope === 'project' ? origins.filter((o) => o.addedByUser && o.scope === 'project' && projectOf(o) === projectOf(origin)) : [origin];

  const remove = async () => {
    setRemoving(true);
    setError(undefined);
    try {
      await useLocalOrigins.getState().remove(origin);
      close();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Modal opened onClose={close} title="Remove from the list?">
      <Stack gap="sm">
        <Text size="sm">
          {siblings.length > 1 ? 'These folders were added together as one project; they leave the list together:' : 'This folder leaves the list:'}
        </Text>
        <List size="sm" className="mono">
          {siblings.map((o) => (
            <List.Item key={o.id}>{o.label}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          Nothing on disk changes. Add it again at any time.
        </Text>
        {error ? <ErrorNotice title="It could not be removed" message={error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={removing} onClick={() => void remove()} data-action="confirm-remove-folder">
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The project a project folder belongs to: its path less the well-known two segments (".claude/skills"). */
function projectOf(origin: LocalOrigin): string {
  return origin.path.replace(/[\\/][^\\/]+[\\/]skills$/, '');
}
