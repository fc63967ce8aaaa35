// Settings' "Team": this person's signing key (made here when there is none),
// "Share approvals" into a team folder, and "Team approvals" read from one.
// The folder is typed in: browser mode has no native folder picker, and a
// path field works the same in both modes. A team receipt becomes this
// person's approval only through the confirm dialog, never by reading it.
import { Alert, Badge, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TeamCheckResult, TeamIdentity, TeamShareResult, TeamSkillVerdict } from '../../../../shared/api-team.js';
import { api, errorMessage } from '../../api.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';

const STATUS_COLOUR: Record<TeamSkillVerdict['status'], string> = { approved: 'green', reopened: 'orange', unapproved: 'gray', stale: 'orange', expired: 'orange', untrusted: 'red', invalid: 'red', dynamic: 'gray' };

export function TeamSection() {
  const [identity, setIdentity] = useState<TeamIdentity>();
  const [name, setName] = useState('');
  const [folder, setFolder] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'key' | 'share' | 'check' | 'adopt'>();
  const [shared, setShared] = useState<TeamShareResult>();
  const [checked, setChecked] = useState<TeamCheckResult>();
  const [adopting, setAdopting] = useState<TeamSkillVerdict>();
  const [adopted, setAdopted] = useState<string>();

  useEffect(() => {
    api.call('team.identity', {}).then(setIdentity, (e: unknown) => setError(errorMessage(e)));
  }, []);

  const run = async <T,>(what: NonNullable<typeof busy>, call: () => Promise<T>, done: (value: T) => void) => {
    setBusy(what);
    setError(undefined);
    try {
      done(await call());
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(undefined);
    }
  };
  const check = () => run('check', () => api.call('team.check', { folder }), setChecked);

  return (
    <Stack gap="xs" mt="md" data-team-section>
      <Text fw={600}>Team approvals</Text>
      {identity?.exists ? (
        <Stack gap={4} data-signing-key>
          <Text size="sm">
            Your signing key: <b data-key-name>{identity.name}</b>, fingerprint <Code data-key-fingerprint>{identity.fingerprint}</Code>
          </Text>
          <Code block data-public-key>
            {identity.publicKey}
          </Code>
          <Text size="xs" c="dimmed">
            Add this line to your team&apos;s allowed-signers: <Code data-allowed-signers-line>{identity.allowedSignersLine}</Code>
          </Text>
          <Text size="xs" data-key-where={identity.protection}>
            The private key is kept {identity.where}.
          </Text>
          {identity.warning ? (
            <Alert color="yellow" variant="light" p="xs" data-key-warning>
              {identity.warning}
            </Alert>
          ) : null}
        </Stack>
      ) : identity ? (
        <Group align="flex-end" data-no-signing-key>
          <TextInput label="Your name, as your team knows you" value={name} onChange={(e) => setName(e.currentTarget.value)} data-field="key-name" />
          <Button onClick={() => void run('key', () => api.call('team.createKey', { name }), setIdentity)} loading={busy === 'key'} disabled={!name.trim()} data-action="create-signing-key">
            Create signing key
          </Button>
          <Text size="xs" c="dimmed" data-key-where={identity.protection}>
            The private key will be kept {identity.where}.
          </Text>
        </Group>
      ) : null}
      <TextInput
        label="Team folder"
        description="A .skills folder (approvals/, allowed-signers, skills.lock.json), or the repository that holds one."
        placeholder="/path/to/repo/.skills"
        value={folder}
        onChange={(e) => setFolder(e.currentTarget.value)}
        data-field="team-folder"
      />
      <Group gap="xs">
        <Button variant="default" disabled={!folder.trim() || !identity?.exists} loading={busy === 'share'} onClick={() => void run('share', () => api.call('team.share', { folder }), setShared)} data-action="share-approvals">
          Share approvals
        </Button>
        <Button variant="default" disabled={!folder.trim()} loading={busy === 'check'} onClick={() => void check()} data-action="team-approvals">
          Team approvals
        </Button>
      </Group>
      {error ? <ErrorNotice title="Team approvals" message={error} /> : null}
      {shared ? (
        <Alert color="green" variant="light" p="xs" data-shared={shared.written.length}>
          Wrote {shared.written.length} receipt(s) into {shared.folder}/approvals.{shared.skipped.map((s) => ` ${s.skillUri}: ${s.reason}.`).join('')}
        </Alert>
      ) : null}
      {adopted ? (
        <Alert color="green" variant="light" p="xs" data-adopted>
          {adopted}
        </Alert>
      ) : null}
      {checked ? <TeamVerdicts result={checked} onAdopt={setAdopting} /> : null}
      {adopting ? (
        <Modal opened onClose={() => setAdopting(undefined)} title="Adopt the team's approval?" data-dialog="adopt-team-receipt">
          <Stack gap="sm">
            <Text size="sm">
              {adopting.name || adopting.skillUri} on {adopting.serverLabel}: {adopting.message}.
            </Text>
            <Text size="sm">
              Adopting makes it your approval too. The app reads and verifies the skill&apos;s files first; a receipt proves who decided, not that the skill is harmless.
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setAdopting(undefined)} data-action="cancel-adopt">
                Cancel
              </Button>
              <Button
                loading={busy === 'adopt'}
                onClick={() =>
                  void run(
                    'adopt',
                    () => api.call('team.adopt', { folder, serverId: adopting.serverId, skillUri: adopting.skillUri }),
                    (record) => {
                      setAdopting(undefined);
                      setAdopted(`Approved ${record.skillName || record.skillUri}: ${record.note ?? ''}`);
                      void check();
                    },
                  )
                }
                data-action="confirm-adopt"
              >
                Adopt and approve
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}

function TeamVerdicts({ result, onAdopt }: { result: TeamCheckResult; onAdopt: (verdict: TeamSkillVerdict) => void }) {
  return (
    <Stack gap={4} data-team-verdicts>
      <Text size="xs" c="dimmed">
        {result.folder}: {result.skills.filter((s) => s.status === 'approved').length} of {result.skills.length} served skill(s) approved by the team.
        {result.notListed.length > 0 ? ` Not listed yet: ${result.notListed.join(', ')}.` : ''}
      </Text>
      {result.skills.map((s) => (
        <Group key={`${s.serverId} ${s.skillUri}`} gap="xs" wrap="nowrap" align="flex-start" data-team-skill={s.skillUri} data-team-status={s.status}>
          <Badge color={STATUS_COLOUR[s.status]} variant="light" style={{ flexShrink: 0 }}>
            {s.status}
          </Badge>
          <Text size="sm" style={{ wordBreak: 'break-word' }} data-team-message>
            <b>{s.name || s.skillUri}</b> ({s.serverLabel}): {s.message}
            {s.local === 'approved' ? ' — approved by you too.' : ''}
          </Text>
          {s.canAdopt ? (
            <Button size="compact-xs" variant="light" onClick={() => onAdopt(s)} data-action="adopt-team-receipt" style={{ flexShrink: 0 }}>
              Adopt
            </Button>
          ) : null}
        </Group>
      ))}
      {result.unreadable.map((u) => (
        <Text key={u.file} size="xs" c="red" data-team-unreadable>
          {u.file}: not a receipt: {u.problem}
        </Text>
      ))}
    </Stack>
  );
}
