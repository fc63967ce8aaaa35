// Settings' "Team": this person's signing key (made here when there is none),
// "Share approvals" into a team folder, and "Team approvals" read from one.
// The folder is typed in: browser mode has no native folder picker, and a
// path field works the same in both modes. A team receipt becomes this
// person's approval only through the confirm dialog, never by reading it.
import { Alert, Badge, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Fragment, useEffect, useState } from 'react';
import type { TeamCheckResult, TeamIdentity, TeamShareResult, TeamSkillVerdict } from '../../../../shared/api-team.js';
import type { ApprovalRecord } from '../../../../shared/approvals-model.js';
import { api, errorMessage } from '../../api.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { UriText } from '../../components/UriText.js';

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
  const [adopted, setAdopted] = useState<ApprovalRecord>();

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
      {shared ? <SharedNotice shared={shared} /> : null}
      {adopted ? <AdoptedNotice record={adopted} /> : null}
      {checked ? <TeamVerdicts result={checked} onAdopt={setAdopting} /> : null}
      {adopting ? (
        <Modal opened onClose={() => setAdopting(undefined)} title="Adopt the team's approval?" data-dialog="adopt-team-receipt">
          <Stack gap="sm">
            <AdoptQuestion verdict={adopting} />
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
                      setAdopted(record);
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

/** What Share approvals wrote, and each approved skill it wrote no receipt for. */
export function SharedNotice({ shared }: { shared: TeamShareResult }) {
  return (
    <Alert color="green" variant="light" p="xs" data-shared={shared.written.length}>
      Wrote {shared.written.length} receipt(s) into <InvisibleText text={shared.folder} identifier />
      /approvals.
      {shared.skipped.map((s) => (
        <Fragment key={s.skillUri}>
          {' '}
          <UriText uri={s.skillUri} />: <InvisibleText text={s.reason} />.
        </Fragment>
      ))}
    </Alert>
  );
}

/** The skill the confirm dialog asks about, and what the team's receipt says of it. */
export function AdoptQuestion({ verdict }: { verdict: TeamSkillVerdict }) {
  return (
    <Text size="sm">
      <SkillName verdict={verdict} /> on <InvisibleText text={verdict.serverLabel} identifier />: <InvisibleText text={verdict.message} />.
    </Text>
  );
}

/** The approval adopting wrote, and its note. */
export function AdoptedNotice({ record }: { record: ApprovalRecord }) {
  return (
    <Alert color="green" variant="light" p="xs" data-adopted>
      Approved {record.skillName ? <InvisibleText text={record.skillName} identifier /> : <UriText uri={record.skillUri} />}: <InvisibleText text={record.note ?? ''} />
    </Alert>
  );
}

/** A skill by its name, or its URI when the listing gave none. */
function SkillName({ verdict }: { verdict: TeamSkillVerdict }) {
  return verdict.name ? <InvisibleText text={verdict.name} identifier /> : <UriText uri={verdict.skillUri} />;
}

export function TeamVerdicts({ result, onAdopt }: { result: TeamCheckResult; onAdopt: (verdict: TeamSkillVerdict) => void }) {
  return (
    <Stack gap={4} data-team-verdicts>
      <Text size="xs" c="dimmed">
        <InvisibleText text={result.folder} identifier />: {result.skills.filter((s) => s.status === 'approved').length} of {result.skills.length} served skill(s) approved by the team.
        {result.notListed.length > 0 ? (
          <>
            {' '}
            Not listed yet:{' '}
            {result.notListed.map((label, i) => (
              <Fragment key={i}>
                {i > 0 ? ', ' : ''}
                <InvisibleText text={label} identifier />
              </Fragment>
            ))}
            .
          </>
        ) : null}
      </Text>
      {result.skills.map((s) => (
        <Group key={`${s.serverId} ${s.skillUri}`} gap="xs" wrap="nowrap" align="flex-start" data-team-skill={s.skillUri} data-team-status={s.status}>
          <Badge color={STATUS_COLOUR[s.status]} variant="light" style={{ flexShrink: 0 }}>
            {s.status}
          </Badge>
          <Text size="sm" style={{ wordBreak: 'break-word' }} data-team-message>
            <b>
              <SkillName verdict={s} />
            </b>{' '}
            (<InvisibleText text={s.serverLabel} identifier />): <InvisibleText text={s.message} />
            {s.local === 'approved' ? ' — approved by you too.' : ''}
          </Text>
          {s.canAdopt ? (
            <Button size="compact-xs" variant="light" onClick={() => onAdopt(s)} data-action="adopt-team-receipt" style={{ flexShrink: 0 }}>
              Adopt
            </Button>
          ) : null}
        </Group>
      ))}
      {/* A receipt edited after signing, beside the valid one that speaks for its skill or naming a skill no server serves: said, never dropped. */}
      {result.rejected.map((r) => (
        <Text key={`${r.serverId} ${r.file}`} size="xs" c="red" data-team-rejected={r.skillUri}>
          <InvisibleText text={r.file} identifier />: not an approval: <InvisibleText text={r.message} /> (a receipt for <UriText uri={r.skillUri} />
          {r.unserved ? (
            ', which no connected server serves)'
          ) : (
            <>
              {' '}
              on <InvisibleText text={r.serverLabel} identifier />, which another receipt approves)
            </>
          )}
        </Text>
      ))}
      {result.unreadable
        .filter((u) => !u.notRead)
        .map((u) => (
          <Text key={u.file} size="xs" c="red" data-team-unreadable="not-a-receipt">
            <InvisibleText text={u.file} identifier />: not a receipt: <InvisibleText text={u.problem} />
          </Text>
        ))}
      <NotRead files={result.unreadable.filter((u) => u.notRead)} />
    </Stack>
  );
}

/**
 * Receipt files the folder's byte budget left unread: never read, so neither
 * receipts nor "not a receipt". Why is said once (every one has the same
 * reason, with the folder's counts), then each file by name.
 */
function NotRead({ files }: { files: TeamCheckResult['unreadable'] }) {
  if (files.length === 0) return null;
  return (
    <>
      <Text size="xs" c="red" data-team-unreadable="not-read">
        {files.length} receipt file(s) <InvisibleText text={files[0]!.problem} />
      </Text>
      {files.map((u) => (
        <Text key={u.file} size="xs" c="red" data-team-unreadable="not-read">
          <InvisibleText text={u.file} identifier />: not read (the folder’s receipt budget was reached)
        </Text>
      ))}
    </>
  );
}
