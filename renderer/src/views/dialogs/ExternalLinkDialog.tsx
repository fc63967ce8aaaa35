// A skill can link anywhere: the user sees the full address before it opens.
import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { showToast } from '../../state/toast.js';
import { errorMessage } from '../../api.js';
import { useApp } from '../../state/app.js';
import { useDialogs } from '../../state/dialogs.js';

export function ExternalLinkDialog({ url }: { url: string }) {
  const close = useDialogs((s) => s.close);
  const host = URL.canParse(url) ? new URL(url).host : '';
  const open = () => {
    close();
    useApp
      .getState()
      .openExternal(url)
      .catch((error: unknown) => showToast({ color: 'red', title: 'Could not open the link', message: errorMessage(error) }));
  };
  return (
    <Modal opened onClose={close} title="Open a link outside the app?" data-dialog="external-link">
      <Stack gap="sm">
        <Text size="sm">The skill links to {host ? <b>{host}</b> : 'this address'}. It opens in your browser:</Text>
        <Code block className="mono" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {url}
        </Code>
        <Text size="xs" c="dimmed">
          Check the address: a skill's author chose it, and opening it tells that site you read the skill.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button onClick={open} data-action="open-external">
            Open in browser
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
