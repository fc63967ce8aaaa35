// Load a skill by URI: asks the chosen server's skills/get. The skill joins
// the catalog when the server confirms it; otherwise the server's answer is
// shown here. Skill URIs named in the server's instructions are offered.
import { Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { skillKey, useCatalog } from '../../state/catalog.js';
import { useDialogs } from '../../state/dialogs.js';
import { useSelection } from '../../state/selection.js';
import { ALL_SERVERS, useServers } from '../../state/servers.js';
import { shownName } from '../../components/shown-text.js';

const SKILL_URI_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()`]+\/SKILL\.md\b/g;

export function LoadByUriDialog({ serverId: initial }: { serverId: string | undefined }) {
  const close = useDialogs((s) => s.close);
  const servers = useServers((s) => s.servers);
  const selected = useServers((s) => s.selectedServerId);
  const connected = servers.filter((s) => s.connection.status === 'connected');
  const [serverId, setServerId] = useState<string | null>(initial ?? (selected !== ALL_SERVERS ? selected : connected[0]?.config.id) ?? null);
  const [uri, setUri] = useState('');
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const server = servers.find((s) => s.config.id === serverId);
  // Offered, not fetched: a URI in the instructions is a suggestion until the server confirms it.
  const suggestions = useMemo(() => [...new Set(server?.connection.instructions?.match(SKILL_URI_IN_TEXT) ?? [])], [server]);

  const load = async (value = uri) => {
    if (!serverId || !value.trim()) return;
    setLoading(true);
    setError(undefined);
    try {
      const entry = await useCatalog.getState().loadByUri(serverId, value.trim());
      useSelection.getState().openSkill(skillKey(entry.serverId, entry.uri));
      close();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal opened onClose={close} title="Load a skill by URI" size="lg" data-dialog="load-by-uri">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void load();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Asks the server for the skill at this URI (skills/get). A URI is a skill only when the server confirms it.
          </Text>
          <Select
            label="Server"
            data={servers.map((s) => ({ value: s.config.id, label: `${shownName(s.config.label)}${s.connection.status === 'connected' ? '' : ` (${s.connection.status})`}`, disabled: s.connection.status !== 'connected' }))}
            value={serverId}
            onChange={setServerId}
            allowDeselect={false}
            error={servers.length > 0 && connected.length === 0 ? 'No server is connected. Connect one first.' : undefined}
          />
          <TextInput label="Skill URI" placeholder="skill://name/SKILL.md" value={uri} onChange={(e) => setUri(e.currentTarget.value)} className="mono-input" data-field="skill-uri" data-autofocus />
          {suggestions.length > 0 ? (
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                Named in this server's instructions:
              </Text>
              {suggestions.map((s) => (
                <Anchor key={s} component="button" type="button" size="xs" className="mono" ta="left" onClick={() => setUri(s)} data-suggested-uri={s}>
                  {s}
                </Anchor>
              ))}
            </Stack>
          ) : null}
          {error ? <ErrorNotice title="The server did not confirm this skill" message={error} /> : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={loading} disabled={!serverId || !uri.trim()} data-action="load-uri">
              Load
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
