// Add or edit a server. Problems show on their field, in the contract's
// words; a clash with another server's label comes back from the main
// process and shows on the label.
import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiCallError, api, errorMessage } from '../../api.js';
import type { ConnectionTest } from '../../../../shared/api.js';
import { useDialogs } from '../../state/dialogs.js';
import { useSelection } from '../../state/selection.js';
import { serverById, useServers } from '../../state/servers.js';
import { HttpAuthFields } from './HttpAuthFields.js';
import { StoredSecrets } from './StoredSecrets.js';
import { ConnectionTestResult } from './ConnectionTestResult.js';
import { EMPTY_FORM, commandLinePreview, looksLikeServerConfig, suggestLabel, toServerInput, valuesFromConfig, type FormErrors, type SecretEdit, type ServerFormValues, type TransportKind } from './server-form-model.js';
import { shownName } from '../../components/shown-text.js';

export function ServerFormDialog({ serverId }: { serverId: string | undefined }) {
  const close = useDialogs((s) => s.close);
  const existing = useServers((s) => serverById(s.servers, serverId));
  const [values, setValues] = useState<ServerFormValues>(() => (existing ? valuesFromConfig(existing.config) : EMPTY_FORM));
  const [labelTouched, setLabelTouched] = useState(Boolean(existing));
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [connectNow, setConnectNow] = useState(true);
  const [test, setTest] = useState<{ running: true } | { result: ConnectionTest } | { error: string }>();
  const [pastedConfig, setPastedConfig] = useState<string>();
  const openDialog = useDialogs((s) => s.open);
  const builtin = existing?.config.builtin === 'demo';
  const preview = commandLinePreview(values);

  const editSecret = (field: string, edit: SecretEdit) => setValues((v) => ({ ...v, secretEdits: { ...v.secretEdits, [field]: edit } }));
  const set = <K extends keyof ServerFormValues>(field: K, value: ServerFormValues[K]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // Until the user names it, the label follows the command or URL.
      if (!labelTouched && field !== 'label') next.label = suggestLabel(next);
      return next;
    });
    setErrors((e) => ({ ...e, [field]: undefined }));
    // A result is about the settings it was run with: a change makes it stale.
    setTest(undefined);
  };

  // Connects with what the form holds now and disconnects: nothing is added or saved.
  const testConnection = async () => {
    const result = toServerInput(values.label.trim() ? values : { ...values, label: 'Test connection' });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setTest({ running: true });
    try {
      setTest({ result: await api.call('servers.test', { input: result.input, ...(existing ? { serverId: existing.config.id } : {}) }) });
    } catch (error) {
      setTest({ error: errorMessage(error) });
    }
  };

  const submit = async () => {
    setFormError(undefined);
    const result = toServerInput(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    try {
      const store = useServers.getState();
      if (existing) {
        await store.update(existing.config.id, result.input);
        if (connectNow) void store.reconnect(existing.config.id).catch(() => undefined);
      } else {
        const server = await store.add(result.input);
        store.select(server.id);
        useSelection.getState().showCatalog();
        // The connection outcome (or its diagnostic) shows in the sidebar and catalog.
        if (connectNow) void store.connect(server.id).catch(() => undefined);
      }
      close();
    } catch (error) {
      if (error instanceof ApiCallError && error.code === 'conflict') setErrors((e) => ({ ...e, label: error.message }));
      else setFormError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={close} title={existing ? `Edit “${shownName(existing.config.label)}”` : 'Add a server'} size="lg" data-dialog="server-form">
      <form
        onPaste={(e) => {
          // A host's mcpServers snippet pasted anywhere in the form is a config to import, not a command.
          const text = e.clipboardData.getData('text/plain');
          if (!existing && looksLikeServerConfig(text)) {
            e.preventDefault();
            setPastedConfig(text);
          }
        }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label="Label"
            description="Your name for this server, unique in the app. The server's own name is shown only as “self-reported”."
            value={values.label}
            onChange={(e) => {
              setLabelTouched(true);
              set('label', e.currentTarget.value);
            }}
            error={errors.label}
            data-field="label"
            data-autofocus
          />
          {builtin ? (
            <Text size="sm" c="dimmed">
              This is the bundled sample server: the app starts it itself, so only its label can change.
            </Text>
          ) : (
            <>
              <SegmentedControl
                value={values.kind}
                onChange={(v) => set('kind', v as TransportKind)}
                data={[
                  { value: 'stdio', label: 'Command (stdio)' },
                  { value: 'http', label: 'Streamable HTTP' },
                  { value: 'sse', label: 'SSE (legacy)' },
                ]}
                data-field="kind"
              />
              {values.kind === 'stdio' ? (
                <>
                  <TextInput label="Command" placeholder="npx, node, uvx, /path/to/server" value={values.command} onChange={(e) => set('command', e.currentTarget.value)} error={errors.command} className="mono-input" data-field="command" />
                  {preview && 'program' in preview ? (
                    // A pasted command line is split as a shell would (no $VARS or globs expanded); this is what will be stored and run.
                    <Text size="xs" c="dimmed" data-preview="command-line" aria-live="polite">
                      Split into a program and its arguments: runs: <span className="mono">{preview.program}</span> · args: <span className="mono">{preview.args || '(none)'}</span>
                    </Text>
                  ) : null}
                  <Textarea label="Arguments" description="One per line, so an argument may contain spaces." autosize minRows={2} maxRows={8} value={values.args} onChange={(e) => set('args', e.currentTarget.value)} error={errors.args} className="mono-input" data-field="args" />
                  <Textarea label="Environment" description="NAME=value, one per line. Added to the app's environment. Values of names like TOKEN, SECRET, PASSWORD or *_KEY are kept in the system keychain, not in servers.json." autosize minRows={1} maxRows={8} value={values.env} onChange={(e) => set('env', e.currentTarget.value)} error={errors.env} className="mono-input" data-field="env" />
                  <TextInput label="Working folder" description="Optional." value={values.cwd} onChange={(e) => set('cwd', e.currentTarget.value)} error={errors.cwd} className="mono-input" data-field="cwd" />
                  <StoredSecrets values={values} onEdit={editSecret} />
                </>
              ) : (
                <>
                  <TextInput label="URL" placeholder="https://example.com/mcp" value={values.url} onChange={(e) => set('url', e.currentTarget.value)} error={errors.url} className="mono-input" data-field="url" />
                  <Textarea label="Headers" description="Name: value, one per line. Values of Authorization, Cookie and names with token, key or secret are kept in the system keychain, not in servers.json." autosize minRows={1} maxRows={8} value={values.headers} onChange={(e) => set('headers', e.currentTarget.value)} error={errors.headers} className="mono-input" data-field="headers" />
                  <HttpAuthFields values={values} errors={errors} set={set} onEdit={editSecret} />
                  <StoredSecrets values={values} onEdit={editSecret} />
                </>
              )}
            </>
          )}
          {pastedConfig !== undefined ? (
            <Alert color="blue" variant="light" title="That is a server config, not a command" data-offer="import-pasted">
              <Text size="sm">The pasted JSON holds server definitions (as in a host's mcpServers). Import reads every server in it, with a preview first.</Text>
              <Group gap="xs" mt="xs">
                <Button size="compact-sm" onClick={() => openDialog({ kind: 'import', text: pastedConfig })} data-action="import-pasted">
                  Open the import preview
                </Button>
                <Button size="compact-sm" variant="subtle" onClick={() => setPastedConfig(undefined)}>
                  Dismiss
                </Button>
              </Group>
            </Alert>
          ) : null}
          {test ? <ConnectionTestResult test={test} /> : null}
          <Checkbox label={existing ? 'Reconnect after saving' : 'Connect after adding'} checked={connectNow} onChange={(e) => setConnectNow(e.currentTarget.checked)} />
          {formError ? (
            <Alert color="red" variant="light" title="Could not save" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="subtle" mr="auto" onClick={() => void testConnection()} loading={test !== undefined && 'running' in test} data-action="test-connection">
              Test connection
            </Button>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} data-action="save-server">
              {existing ? 'Save' : 'Add server'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
