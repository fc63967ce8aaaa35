// Beside the approval badge in the skill header: when the server changed an
// approved skill, the way to see exactly what changed is one click away.
import { Button } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import type { SkillEntry } from '../../../../shared/model.js';
import { useSelection } from '../../state/selection.js';

export function ApprovalHeaderActions({ entry }: { entry: SkillEntry }) {
  const setTab = useSelection((s) => s.setTab);
  if (entry.approval !== 'changed') return null;
  return (
    <Button size="compact-xs" variant="light" color="yellow" leftSection={<IconGitCompare size={12} />} onClick={() => setTab('changes')} data-action="see-changes">
      See what changed
    </Button>
  );
}
