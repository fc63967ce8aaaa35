// The gateway view: where the in-app gateway listens, which hosts are
// connected (by the clientInfo they sent) and what each one was served — per
// skill, per file read — with a switch that pauses it for every host, and
// each approved skill it holds back with the reason.
import { Alert, Badge, Button, Code, Group, Modal, Stack, Switch, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { UriText } from '../../components/UriText.js';
import { useDialogs } from '../../state/dialogs.js';
import { allowSystemNotifications, useGateway } from '../../state/gateway.js';
import type { GatewayHost, GatewayStatus, GatewayWithdrawal } from '../../../../shared/gateway-model.js';

export function GatewayDialog() {
  const close = useDialogs((s) => s.close);
  const open = useDialogs((s) => s.open);
  const status = useGateway((s) => s.status);
  const withdrawals = useGateway((s) => s.withdrawals);
  const [error, setError] = useState<string>();
  const [permission, setPermission] = useState(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

  useEffect(() => {
    useGateway.getState().load().catch((e: unknown) => setError(errorMessage(e)));
  }, []);

  const pause = (paused: boolean) => {
    useGateway.getState().setPaused(paused).catch((e: unknown) => setError(errorMessage(e)));
  };
  const state = status?.state ?? 'off';

  return (
    <Modal opened onClose={close} title="Gateway" size="xl" data-dialog="gateway">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge color={state === 'running' ? 'green' : state === 'paused' ? 'yellow' : 'gray'} data-gateway-state={state}>
              {state === 'running' ? 'Running' : state === 'paused' ? 'Paused' : 'Off'}
            </Badge>
            <Text size="sm" data-gateway-served={status?.served ?? 0}>
              Serves {status?.served ?? 0} approved skill{status?.served === 1 ? '' : 's'}
            </Text>
          </Group>
          <Switch label="Pause for every host" checked={state === 'paused'} disabled={state === 'off'} onChange={(e) => pause(e.currentTarget.checked)} data-action="gateway-pause" />
        </Group>
        {status?.problem ? <GatewayProblem state={state} problem={status.problem} /> : null}
        {status?.url ? (
          <Text size="xs">
            Streamable HTTP while the app runs: <Code data-gateway-url>{status.url}</Code> with <Code>Authorization: Bearer &lt;token&gt;</Code>.{' '}
            <Button size="compact-xs" variant="subtle" onClick={() => void navigator.clipboard.writeText(status.token ?? '').catch(() => undefined)} data-action="gateway-copy-token" data-gateway-token={status.token}>
              Copy the token
            </Button>
          </Text>
        ) : null}
        <Group gap="xs">
          <Button size="compact-sm" onClick={() => open({ kind: 'use-in-host' })} data-action="open-use-in-host">
            Use in a host…
          </Button>
          {permission === 'default' ? (
            <Button size="compact-sm" variant="default" onClick={() => void allowSystemNotifications().then(setPermission)}>
              Notify me when a skill is withdrawn
            </Button>
          ) : null}
        </Group>
        <Withdrawals withdrawals={withdrawals} />
        {status?.withheld && !status.problem ? <WithheldSkills withheld={status.withheld} /> : null}
        {status && status.hosts.length === 0 ? (
          <Text size="sm" c="dimmed" data-gateway-hosts="none">
            No host has connected to this gateway yet.
          </Text>
        ) : null}
        {status?.hosts.map((host) => <ServedHost key={host.id} host={host} />)}
        {error ? <ErrorNotice title="The gateway did not answer" message={error} /> : null}
      </Stack>
    </Modal>
  );
}

/** The skills that left the gateway because they changed upstream. */
/**
 * Why the gateway serves nothing. Off only when it is off: a running gateway whose approvals.json cannot be read
 * still listens (hosts are told why), and "The gateway is off" beside the Running badge said what was not so.
 */
export function GatewayProblem({ state, problem }: { state: GatewayStatus['state']; problem: string }) {
  return <ErrorNotice title={state === 'off' ? 'The gateway is off' : 'The gateway serves no approved skills'} message={problem} />;
}

export function Withdrawals({ withdrawals }: { withdrawals: readonly GatewayWithdrawal[] }) {
  if (withdrawals.length === 0) return null;
  return (
    <Alert color="orange" title="Withdrawn because they changed upstream" data-gateway-withdrawals>
      {withdrawals.map((w) => (
        <Text key={`${w.uri}:${w.at}`} size="xs">
          <InvisibleText text={w.name} identifier /> (<InvisibleText text={w.label} identifier />) — approve it again to serve it.
        </Text>
      ))}
    </Alert>
  );
}

/** Approved, enabled skills the gateway does not serve, each with why (the server's words in it marked). */
export function WithheldSkills({ withheld }: { withheld: NonNullable<GatewayStatus['withheld']> }) {
  const more = withheld.count - withheld.first.length;
  return (
    <Alert color="orange" title={`Approved but not served (${withheld.count})`} data-gateway-withheld={withheld.count}>
      <Stack gap={4}>
        {withheld.first.map((w, i) => (
          <Text key={`${i}:${w.label}:${w.uri}`} size="xs" data-withheld-skill={w.uri}>
            <span className="mono">
              <UriText uri={w.uri} />
            </span>{' '}
            (<InvisibleText text={w.label} identifier />): <InvisibleText text={w.why} />
          </Text>
        ))}
        {more > 0 ? (
          <Text size="xs" c="dimmed">
            …and {more} more, not shown here.
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** One connected host: what it said it is, and each skill and file it was served. */
export function ServedHost({ host }: { host: GatewayHost }) {
  return (
    <Stack gap={4} data-gateway-host={host.name}>
      <Text size="sm" fw={600}>
        <InvisibleText text={host.name} identifier /> <InvisibleText text={host.version} identifier />{' '}
        <Text span size="xs" c="dimmed">listed {host.listings}×, last at {new Date(host.lastSeen).toLocaleTimeString()}</Text>
      </Text>
      <Table withTableBorder fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Skill</Table.Th>
            <Table.Th>Files read</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {host.skills.map((skill) => (
            <Table.Tr key={skill.uri} data-served-skill={skill.uri}>
              <Table.Td>
                <InvisibleText text={skill.name} identifier />{' '}
                <Text span size="xs" c="dimmed">
                  (<InvisibleText text={skill.label} identifier />)
                </Text>
              </Table.Td>
              <Table.Td>
                {skill.reads.length === 0
                  ? 'listed only'
                  : skill.reads.map((r) => (
                      <div key={r.uri} className="mono" data-served-read={r.uri} data-read-count={r.count}>
                        <UriText uri={r.uri.slice(r.uri.indexOf('/', 'skill://'.length) + 1)} /> ×{r.count}
                      </div>
                    ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
