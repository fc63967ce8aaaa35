// The theme (applies at once), and the limits that keep a hostile or broken
// server from hanging the app or filling the disk, in the units people think
// in. The limits are validated by the contract's schema before saving.
import { Alert, Button, Group, Loader, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { settingsPatchSchema } from '../../../../shared/api.js';
import { DEFAULT_SETTINGS, type Settings } from '../../../../shared/model.js';
import { errorMessage } from '../../api.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useDialogs } from '../../state/dialogs.js';
import { useSettings } from '../../state/settings.js';
import { ThemeChoice } from '../ThemeSwitch.js';
import { TeamSection } from '../team/TeamSection.js';

const MIB = 1024 * 1024;

interface FieldSpec {
  readonly key: keyof Settings;
  readonly label: string;
  readonly description: string;
  /** The number shown is the setting divided by this. */
  readonly scale: number;
  readonly unit: string;
  readonly decimals?: number;
}

const FIELDS: readonly FieldSpec[] = [
  { key: 'requestTimeoutMs', label: 'Request timeout', description: 'How long one request may take before it is cancelled.', scale: 1000, unit: 'seconds', decimals: 1 },
  { key: 'maxFileBytes', label: 'Largest file', description: 'A bigger file is not read; its skill is reported.', scale: MIB, unit: 'MiB', decimals: 2 },
  { key: 'serverByteBudget', label: 'Bytes per server', description: 'The most the app reads from one server in a session.', scale: MIB, unit: 'MiB', decimals: 2 },
  { key: 'skillByteBudget', label: 'Bytes per skill', description: 'The most one verify or review of a skill reads, counted as the bytes arrive.', scale: MIB, unit: 'MiB', decimals: 2 },
  { key: 'jobByteBudget', label: 'Bytes per job', description: 'The most one Verify all or Review all reads across its servers.', scale: MIB, unit: 'MiB', decimals: 0 },
  { key: 'maxListPages', label: 'Listing pages', description: 'skills/list pages followed before stopping.', scale: 1, unit: 'pages' },
  { key: 'maxListEntries', label: 'Listing entries', description: 'Skills accepted from one listing.', scale: 1, unit: 'skills' },
  { key: 'maxListBytes', label: 'Listing size', description: 'Total size of one listing.', scale: MIB, unit: 'MiB', decimals: 2 },
  { key: 'logLimit', label: 'Protocol log size', description: 'Messages kept per server (oldest go first).', scale: 1, unit: 'messages' },
  { key: 'logBodyBytes', label: 'Protocol log bodies', description: 'Message bodies kept per server; older messages keep method, id, time and size.', scale: MIB, unit: 'MiB', decimals: 2 },
  { key: 'readConcurrency', label: 'Skills read at once', description: 'During Verify all and Review all: how many skills are read side by side.', scale: 1, unit: 'skills' },
  { key: 'minListingRefreshMs', label: 'Re-list stale skills', description: "A listing is fetched again when the server's ttlMs runs out, but never sooner than this; 0 turns it off.", scale: 1000, unit: 'seconds', decimals: 0 },
];

export function SettingsDialog() {
  const close = useDialogs((s) => s.close);
  const settings = useSettings((s) => s.settings);
  const loadError = useSettings((s) => s.loadError);
  const [draft, setDraft] = useState<Partial<Record<keyof Settings, number | string>>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof Settings, string>>>({});
  const [saveError, setSaveError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void useSettings.getState().load();
  }, []);

  const valueOf = (f: FieldSpec): number | string => draft[f.key] ?? (settings ? settings[f.key] / f.scale : '');

  const save = async () => {
    if (!settings) return;
    setSaveError(undefined);
    setSaved(false);
    const patch: Partial<Record<keyof Settings, number>> = {};
    const fieldErrors: Partial<Record<keyof Settings, string>> = {};
    for (const f of FIELDS) {
      const shown = draft[f.key];
      if (shown === undefined) continue;
      if (shown === '' || Number.isNaN(Number(shown))) {
        fieldErrors[f.key] = 'a number is required';
        continue;
      }
      patch[f.key] = Math.round(Number(shown) * f.scale);
    }
    const parsed = settingsPatchSchema.safeParse(patch);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Settings;
        const spec = FIELDS.find((f) => f.key === key);
        fieldErrors[key] ??= spec ? rescale(issue.message, spec) : issue.message;
      }
    }
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0 || !parsed.success) return;
    setSaving(true);
    try {
      await useSettings.getState().update(parsed.data);
      setDraft({});
      setSaved(true);
    } catch (error) {
      setSaveError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={close} title="Settings" size="lg" data-dialog="settings">
      {loadError ? <ErrorNotice title="Could not load the settings" message={loadError} onRetry={() => void useSettings.getState().load()} /> : null}
      {!settings && !loadError ? <Loader size="sm" /> : null}
      <ThemeChoice />
      {settings ? (
        <Stack gap="sm" mt="sm">
          <Text size="sm" c="dimmed">
            Limits on what the app reads and keeps. They protect you from servers that send too much or never answer.
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            {FIELDS.map((f) => (
              <NumberInput
                key={f.key}
                label={`${f.label} (${f.unit})`}
                description={`${f.description} Default ${(DEFAULT_SETTINGS[f.key] / f.scale).toLocaleString()}.`}
                value={valueOf(f)}
                onChange={(v) => {
                  setDraft((d) => ({ ...d, [f.key]: v }));
                  setErrors((e) => ({ ...e, [f.key]: undefined }));
                  setSaved(false);
                }}
                decimalScale={f.decimals ?? 0}
                min={0}
                thousandSeparator=","
                error={errors[f.key]}
                data-setting={f.key}
              />
            ))}
          </SimpleGrid>
          {saveError ? <ErrorNotice title="Could not save" message={saveError} /> : null}
          {saved ? (
            <Alert color="green" variant="light" p="xs">
              Saved. New limits apply to the next request.
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={() => {
                setDraft(Object.fromEntries(FIELDS.map((f) => [f.key, DEFAULT_SETTINGS[f.key] / f.scale])));
                setSaved(false);
              }}
            >
              Restore defaults
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={close}>
                Close
              </Button>
              <Button onClick={() => void save()} loading={saving} disabled={Object.keys(draft).length === 0} data-action="save-settings">
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
      <TeamSection />
    </Modal>
  );
}

/** Schema messages speak in raw units ("Too small: expected number to be >=1000"); say it in the field's unit. */
function rescale(message: string, spec: FieldSpec): string {
  return message.replace(/(>=|<=|>|<)\s*(\d+)/, (_m, op: string, n: string) => `${op} ${(Number(n) / spec.scale).toLocaleString()} ${spec.unit}`);
}
