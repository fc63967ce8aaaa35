// What differs between two versions of a skill: one line in words, the
// files added, removed and changed (sizes, digests, line diffs), the
// frontmatter fields — and, when the newer side is what the server serves
// now, approving it right here.
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconShieldCheck } from '@tabler/icons-react';
import type { SkillDiff } from '../../../../shared/approvals-model.js';
import { useApproval, useApprovals } from '../../state/approvals.js';
import { skillKey } from '../../state/keys.js';
import { FileDiffCard } from './FileDiffCard.js';
import { FrontmatterDiff } from './FrontmatterDiff.js';
import { plural } from './format.js';

export function DiffView({ diff }: { diff: SkillDiff }) {
  const { serverId, skillUri } = diff;
  const record = useApproval(serverId, skillUri);
  const busy = useApprovals((s) => s.busy.has(skillKey(serverId, skillUri)));
  const changed = diff.files.filter((f) => f.change !== 'unchanged');
  const unchanged = diff.files.filter((f) => f.change === 'unchanged');
  const count = (kind: string) => changed.filter((f) => f.change === kind).length;
  const alreadyApproved = record?.decision === 'approved' && record.fingerprint === diff.to.fingerprint;

  return (
    <Stack gap="sm" data-diff data-diff-identical={String(diff.identical)} data-diff-to={diff.to.fingerprint}>
      {diff.identical ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} p="xs" data-diff-none>
          <Text size="sm">These two versions are the same: the same files, byte for byte, and the same frontmatter.</Text>
        </Alert>
      ) : (
        <Text size="sm" data-diff-summary>
          {plural(count('changed'), 'file')} changed, {count('added')} added, {count('removed')} removed
          {diff.frontmatter.length > 0 ? `, ${plural(diff.frontmatter.length, 'frontmatter field')} different` : ', frontmatter the same'}
          {unchanged.length > 0 ? `; ${unchanged.length} unchanged.` : '.'}
        </Text>
      )}
      {!alreadyApproved && !diff.identical ? (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Button size="xs" color="green" style={{ flex: '0 0 auto' }} leftSection={<IconShieldCheck size={14} />} disabled={!diff.canApprove} loading={busy} onClick={() => void useApprovals.getState().approve(serverId, skillUri, diff.to.fingerprint)} data-action="reapprove">
            {record ? 'Approve this version again' : 'Approve this version'}
          </Button>
          {diff.canApprove ? (
            <Text size="xs" c="dimmed">
              Binds the approval to the newer side, exactly as shown here. It stays disabled and grants nothing until you say so.
            </Text>
          ) : (
            <List size="xs" spacing={0} data-reapprove-blockers>
              {diff.blockers.map((b, i) => (
                <List.Item key={i}>{b}</List.Item>
              ))}
            </List>
          )}
        </Group>
      ) : null}
      {changed.map((f) => (
        <FileDiffCard key={f.uri} file={f} />
      ))}
      {diff.frontmatter.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Frontmatter
          </Text>
          <FrontmatterDiff fields={diff.frontmatter} />
        </Stack>
      ) : null}
      {unchanged.length > 0 && !diff.identical ? (
        <Text size="xs" c="dimmed" data-diff-unchanged>
          Unchanged: {unchanged.map((f) => f.path).join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}
