// The two choices an approval does not make for you: whether the skill is
// enabled (hosts reading the enabled set may use it), and whether the tools
// it asks to use without asking are granted. Both start off. One line: the
// decision bar stays small (the explanations are one hover away). The tools
// are named by the skill's frontmatter (the server's words): drawn with their
// invisible and bidi characters as marks.
import { Code, Group, Switch, Text } from '@mantine/core';
import type { ApprovalRecord } from '../../../../shared/approvals-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { useApprovals } from '../../state/approvals.js';

export function GrantControls({ record, busy }: { record: ApprovalRecord; busy: boolean }) {
  const { serverId, skillUri } = record;
  const tools = record.allowedTools;
  return (
    <Group gap="md" wrap="wrap" data-grant-controls>
      <Switch
        size="xs"
        checked={record.enabled}
        disabled={busy}
        onChange={(e) => void useApprovals.getState().setEnabled(serverId, skillUri, e.currentTarget.checked)}
        label="Enabled"
        title="Listed in this server's enabled set, which hosts can read (export it from the server's Approvals tab)."
        data-action="toggle-enabled"
      />
      {tools ? (
        <Switch
          size="xs"
          color="red"
          checked={tools.granted}
          disabled={busy}
          onChange={(e) => void useApprovals.getState().setGrant(serverId, skillUri, e.currentTarget.checked)}
          title="Approving the skill did not grant these. Grant them only if you want the agent to use them without asking you each time."
          label={
            <Group gap={4} wrap="wrap">
              <Text size="xs" span>
                Grant the tools it asks to use without asking:
              </Text>
              {tools.requested.map((t) => (
                <Code key={t} fz="xs">
                  <InvisibleText text={t} identifier />
                </Code>
              ))}
            </Group>
          }
          data-action="toggle-allowed-tools"
          data-allowed-tools-granted={String(tools.granted)}
        />
      ) : null}
      <Text size="xs" c="dimmed">
        Approving enabled nothing and granted nothing: each is its own switch.
      </Text>
    </Group>
  );
}
