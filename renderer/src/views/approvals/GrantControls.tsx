// The two choices an approval does not make for you: whether the skill is
// enabled (hosts reading the enabled set may use it), and whether the tools
// it asks to use without asking are granted. Both start off.
import { Code, Group, Stack, Switch, Text } from '@mantine/core';
import type { ApprovalRecord } from '../../../../shared/approvals-model.js';
import { useApprovals } from '../../state/approvals.js';

export function GrantControls({ record, busy }: { record: ApprovalRecord; busy: boolean }) {
  const { serverId, skillUri } = record;
  const tools = record.allowedTools;
  return (
    <Stack gap={6} data-grant-controls>
      <Switch
        size="sm"
        checked={record.enabled}
        disabled={busy}
        onChange={(e) => void useApprovals.getState().setEnabled(serverId, skillUri, e.currentTarget.checked)}
        label="Enabled"
        description="Listed in this server's enabled set, which hosts can read (export it from the server's Approvals tab)."
        data-action="toggle-enabled"
      />
      {tools ? (
        <Switch
          size="sm"
          color="red"
          checked={tools.granted}
          disabled={busy}
          onChange={(e) => void useApprovals.getState().setGrant(serverId, skillUri, e.currentTarget.checked)}
          label={
            <Group gap={4}>
              <Text size="sm" span>
                Grant the tools it asks to use without asking:
              </Text>
              {tools.requested.map((t) => (
                <Code key={t}>{t}</Code>
              ))}
            </Group>
          }
          description="Approving the skill did not grant these. Grant them only if you want the agent to use them without asking you each time."
          data-action="toggle-allowed-tools"
          data-allowed-tools-granted={String(tools.granted)}
        />
      ) : null}
    </Stack>
  );
}
