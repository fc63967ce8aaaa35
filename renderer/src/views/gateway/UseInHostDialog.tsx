// "Use in a host": adds the gateway to a host's config file (Claude Desktop,
// Claude Code, Cursor, VS Code). Nothing is written before the user has seen
// the new text as a diff; Write keeps a copy of the old file beside it and
// Undo puts that copy back. Or the snippet is copied, to add by hand.
import { Alert, Button, Code, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { showToast } from '../../state/toast.js';
import { useCallback, useEffect, useState } from 'react';
import type { HostChoice, HostConfigPreview, HostId } from '../../../../shared/gateway-model.js';
import { api, errorMessage } from '../../api.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useDialogs } from '../../state/dialogs.js';
import { DiffText } from './DiffText.js';

export function UseInHostDialog() {
  const close = useDialogs((s) => s.close);
  const [hosts, setHosts] = useState<readonly HostChoice[]>([]);
  const [host, setHost] = useState<HostId | null>(null);
  const [preview, setPreview] = useState<HostConfigPreview>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async (chosen: HostId | null) => {
    const list = await api.call('gateway.hosts', {});
    setHosts(list);
    const pick = chosen ?? list.find((h) => h.exists)?.host ?? list[0]?.host ?? null;
    setHost(pick);
    setPreview(pick ? await api.call('gateway.previewHost', { host: pick }) : undefined);
  }, []);

  useEffect(() => {
    refresh(null).catch((e: unknown) => setError(errorMessage(e)));
  }, [refresh]);

  const choose = (value: string | null) => {
    setError(undefined);
    setDone(undefined);
    refresh(value as HostId | null).catch((e: unknown) => setError(errorMessage(e)));
  };

  const act = async (what: () => Promise<string>) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      setDone(await what());
      await refresh(host);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const write = () =>
    act(async () => {
      const result = await api.call('gateway.writeHost', { host: host!, expectedSha256: preview?.beforeSha256 ?? null });
      return result.backup ? `Written. The file as it was is kept at ${result.backup}.` : 'Written: the file is new (Undo removes it).';
    });
  const undo = () =>
    act(async () => {
      const result = await api.call('gateway.undoHost', { host: host! });
      return result.removed ? `Undone: ${result.path} was removed (it did not exist before).` : `Undone: ${result.path} is back as it was, byte for byte.`;
    });
  const copy = () => {
    if (!preview) return;
    navigator.clipboard.writeText(preview.snippet).then(
      () => showToast({ color: 'green', title: 'Snippet copied', message: `Paste it into ${preview.title}'s config.` }),
      (e: unknown) => showToast({ color: 'red', title: 'Could not copy', message: `${errorMessage(e)} Select the snippet below and copy it instead.` }),
    );
  };
  const chosen = hosts.find((h) => h.host === host);

  return (
    <Modal opened onClose={close} title="Use the gateway in a host" size="xl" data-dialog="use-in-host">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The host starts <Code>skill-inspector gateway</Code> and gets only the skills you approved, from the bytes you reviewed. Look at the change before writing: a copy of the file is kept, and Undo puts it back.
        </Text>
        <Select label="Host" data={hosts.map((h) => ({ value: h.host, label: `${h.title}${h.exists ? '' : ' (no file yet)'}` }))} value={host} onChange={choose} allowDeselect={false} data-field="host" />
        {preview ? (
          <>
            <Text size="xs" className="mono" data-preview="path">
              {preview.path}
            </Text>
            {preview.problem ? <ErrorNotice title="This file cannot be changed safely" message={preview.problem} /> : null}
            {preview.unchanged ? (
              <Alert color="green" data-preview="unchanged">
                The gateway is already in this file, exactly as it would be written.
              </Alert>
            ) : null}
            {preview.diff && !preview.unchanged ? <DiffText diff={preview.diff} /> : null}
            <Text size="xs" c="dimmed">
              The snippet, to add by hand:
            </Text>
            <Code block className="mono" data-preview="snippet">
              {preview.snippet}
            </Code>
          </>
        ) : null}
        {error ? <ErrorNotice title="Nothing was changed" message={error} /> : null}
        {done ? (
          <Alert color="green" data-result="host-config">
            {done}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={copy} disabled={!preview} data-action="host-copy-snippet">
            Copy the snippet
          </Button>
          <Button variant="default" onClick={() => void undo()} disabled={busy || !chosen?.lastWrite} data-action="host-undo">
            Undo
          </Button>
          <Button onClick={() => void write()} loading={busy} disabled={!preview || Boolean(preview.problem) || preview.unchanged} data-action="host-write">
            Write (keeps a backup)
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
