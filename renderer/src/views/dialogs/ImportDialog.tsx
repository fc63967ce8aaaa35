// Import servers from the configs people already have. Choose a known file,
// a path, or paste JSON; review the candidates, rename any whose label is
// taken, and add the ones you tick.
import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Table, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconFileImport } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { ImportCandidate, TransportConfig } from '../../../../shared/model.js';
import { errorMessage } from '../../api.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { shownName } from '../../components/shown-text.js';
import { useDialogs } from '../../state/dialogs.js';
import { useImporter } from '../../state/importer.js';
import { useServers } from '../../state/servers.js';
import { connectAll } from '../../state/connect-all.js';
import { ImportSettings } from './ImportSettings.js';
import { describeTransport } from './import-shown.js';

const FORMATS: Record<string, string> = {
  'claude-desktop': 'Claude Desktop',
  cursor: 'Cursor',
  vscode: 'VS Code',
  'mcp-inspector': 'MCP Inspector',
  pasted: 'pasted JSON',
};

/** The contract's input type wants plain arrays and records, not the model's readonly ones. */
function mutableTransport(t: TransportConfig) {
  return t.kind === 'stdio' ? { ...t, args: [...t.args], env: { ...t.env } } : { ...t, headers: { ...t.headers } };
}

/** A pasted config to preview at once (from the server form), or none: choose a source. */
export function ImportDialog({ text }: { text?: string | undefined }) {
  const close = useDialogs((s) => s.close);
  const sources = useImporter((s) => s.sources);
  const sourcesError = useImporter((s) => s.sourcesError);
  const preview = useImporter((s) => s.preview);
  const previewError = useImporter((s) => s.previewError);
  const previewing = useImporter((s) => s.previewing);
  const [path, setPath] = useState('');
  const [pasted, setPasted] = useState('');
  useEffect(() => {
    const importer = useImporter.getState();
    importer.reset();
    void importer.loadSources();
    if (text !== undefined) void importer.previewFrom({ from: 'text', text });
  }, [text]);

  return (
    <Modal opened onClose={close} title="Import servers" size="xl" data-dialog="import">
      {preview ? (
        <ImportReview key={preview.source} />
      ) : (
        <Stack gap="sm">
          <Tabs defaultValue="known">
            <Tabs.List>
              <Tabs.Tab value="known">Known config files</Tabs.Tab>
              <Tabs.Tab value="path">A file</Tabs.Tab>
              <Tabs.Tab value="paste">Paste JSON</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="known" pt="sm">
              {sourcesError ? <ErrorNotice title="Could not look for config files" message={sourcesError} /> : null}
              <Stack gap={4}>
                {sources.map((s) => (
                  <Group key={s.path} justify="space-between" wrap="nowrap" gap="xs" data-import-source={s.kind}>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500}>
                        {FORMATS[s.kind] ?? s.kind}
                      </Text>
                      <Text size="xs" c="dimmed" className="mono" truncate>
                        {s.path}
                      </Text>
                    </Stack>
                    {s.exists ? (
                      <Button size="compact-xs" variant="light" onClick={() => void useImporter.getState().previewFrom({ from: 'file', path: s.path })}>
                        Preview
                      </Button>
                    ) : (
                      <Text size="xs" c="dimmed">
                        not found
                      </Text>
                    )}
                  </Group>
                ))}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="path" pt="sm">
              <Group align="flex-end" gap="xs">
                <TextInput style={{ flex: 1 }} label="Path to a config file" placeholder="~/.cursor/mcp.json" value={path} onChange={(e) => setPath(e.currentTarget.value)} className="mono-input" data-field="import-path" />
                <Button disabled={!path.trim()} onClick={() => void useImporter.getState().previewFrom({ from: 'file', path: path.trim() })}>
                  Preview
                </Button>
              </Group>
            </Tabs.Panel>
            <Tabs.Panel value="paste" pt="sm">
              <Stack gap="xs">
                <Textarea
                  label="Config JSON"
                  description='Any of the usual shapes: {"mcpServers": {...}} (Claude Desktop, Cursor), {"servers": {...}} (VS Code), or a single server.'
                  autosize
                  minRows={6}
                  maxRows={16}
                  value={pasted}
                  onChange={(e) => setPasted(e.currentTarget.value)}
                  className="mono-input"
                  data-field="import-json"
                />
                <Group justify="flex-end">
                  <Button disabled={!pasted.trim()} onClick={() => void useImporter.getState().previewFrom({ from: 'text', text: pasted })} data-action="preview-import">
                    Preview
                  </Button>
                </Group>
              </Stack>
            </Tabs.Panel>
          </Tabs>
          {previewing ? <Loader size="sm" /> : null}
          {previewError ? <ErrorNotice title="This config cannot be imported" message={previewError} /> : null}
        </Stack>
      )}
    </Modal>
  );
}

interface Row {
  candidate: ImportCandidate;
  include: boolean;
  label: string;
}

function ImportReview() {
  const preview = useImporter((s) => s.preview)!;
  const close = useDialogs((s) => s.close);
  const servers = useServers((s) => s.servers);
  const [rows, setRows] = useState<Row[]>(() => preview.candidates.map((c) => ({ candidate: c, include: !c.error, label: c.suggestedLabel })));
  const [applyError, setApplyError] = useState<string>();
  const [applying, setApplying] = useState(false);
  const [added, setAdded] = useState<readonly string[]>();
  const [connecting, setConnecting] = useState(false);
  const done = added?.length;

  // Conflicts are rechecked as the user edits labels: against the catalog and the other ticked rows.
  const problems = useMemo(() => {
    const taken = new Set(servers.map((v) => v.config.label.trim().toLowerCase()));
    const seen = new Map<string, number>();
    rows.forEach((r) => r.include && seen.set(r.label.trim().toLowerCase(), (seen.get(r.label.trim().toLowerCase()) ?? 0) + 1));
    return rows.map((r) => {
      if (!r.include) return undefined;
      const key = r.label.trim().toLowerCase();
      if (!key) return 'a label is required';
      if (taken.has(key)) return 'a server with this label exists';
      if ((seen.get(key) ?? 0) > 1) return 'two imported servers share this label';
      return undefined;
    });
  }, [rows, servers]);
  const chosen = rows.filter((r) => r.include);
  const blocked = problems.some(Boolean);

  const apply = async () => {
    setApplying(true);
    setApplyError(undefined);
    try {
      const added = await useImporter.getState().apply(chosen.map((r) => ({ label: r.label.trim(), transport: mutableTransport(r.candidate.transport!) })));
      setAdded(added.map((s) => s.id));
    } catch (error) {
      setApplyError(errorMessage(error));
    } finally {
      setApplying(false);
    }
  };

  if (added !== undefined && done !== undefined) {
    const connectImported = async () => {
      setConnecting(true);
      try {
        await connectAll(added);
      } finally {
        setConnecting(false);
      }
      close();
    };
    return (
      <Stack gap="sm">
        <Alert color="green" variant="light" title={`Imported ${done} server${done === 1 ? '' : 's'}`} data-import-done={done}>
          They are in the sidebar, not connected yet. Connect all of them now, or each when you want its skills listed.
        </Alert>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} data-action="close-import">Close</Button>
          {done > 0 ? (
            <Button onClick={() => void connectImported()} loading={connecting} data-action="connect-imported">
              Connect all {done}
            </Button>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Group gap={6}>
        <IconFileImport size={18} />
        <Text size="sm">
          {preview.candidates.length} server{preview.candidates.length === 1 ? '' : 's'} in <span className="mono">
            <InvisibleText text={preview.source} identifier />
          </span> ({FORMATS[preview.format] ?? preview.format})
        </Text>
      </Group>
      <ScrollArea.Autosize mah={380}>
        <Table fz="xs" verticalSpacing={4} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={30} />
              <Table.Th w={130}>In the config</Table.Th>
              <Table.Th w={200}>Label in this app</Table.Th>
              <Table.Th>How it runs</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={row.candidate.name} data-import-candidate={row.candidate.name}>
                <Table.Td>
                  <Checkbox
                    size="xs"
                    checked={row.include}
                    disabled={Boolean(row.candidate.error)}
                    onChange={(e) => {
                      const include = e.currentTarget.checked;
                      setRows((rs) => rs.map((r, j) => (j === i ? { ...r, include } : r)));
                    }}
                    aria-label={`Import ${shownName(row.candidate.name)}`}
                  />
                </Table.Td>
                <Table.Td className="mono">
                  <InvisibleText text={row.candidate.name} identifier />
                </Table.Td>
                <Table.Td>
                  {row.candidate.error ? (
                    <Text size="xs" c="red">
                      <InvisibleText text={row.candidate.error} />
                    </Text>
                  ) : (
                    <TextInput
                      size="xs"
                      value={row.label}
                      onChange={(e) => {
                        const label = e.currentTarget.value;
                        setRows((rs) => rs.map((r, j) => (j === i ? { ...r, label } : r)));
                      }}
                      error={problems[i]}
                      aria-label={`Label for ${shownName(row.candidate.name)}`}
                    />
                  )}
                  {row.candidate.conflict ? (
                    <Text size="xs" c="yellow" mt={2} data-import-conflict>
                      <IconAlertTriangle size={11} aria-hidden style={{ verticalAlign: '-1px' }} /> That label is taken, so it was renamed.
                    </Text>
                  ) : null}
                  {row.candidate.warnings?.map((w) => (
                    <Text key={w} size="xs" c="yellow" mt={2}>
                      <InvisibleText text={w} />
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td className="mono" style={{ overflowWrap: 'anywhere' }}>
                  <InvisibleText text={describeTransport(row.candidate.transport)} identifier />
                  <ImportSettings transport={row.candidate.transport} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {applyError ? <ErrorNotice title="Could not import" message={applyError} /> : null}
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => useImporter.getState().reset()}>
          Back
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void apply()} disabled={chosen.length === 0 || blocked} loading={applying} data-action="apply-import">
            Import {chosen.length} server{chosen.length === 1 ? '' : 's'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
