// A local skill's state in words: it is read from disk, so there is no
// listing to match — only whether every file could be read and SKILL.md parsed.
import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleDashed, IconFolderCheck } from '@tabler/icons-react';
import type { SkillStatus } from '../../../../shared/model.js';

const LOCAL: Partial<Record<SkillStatus, { color: string; label: string; tip: string; Icon: typeof IconFolderCheck }>> = {
  verified: { color: 'teal', label: 'read from disk', tip: 'Every file of this folder was read when the folder was scanned. There is no listing to compare with: this says nothing about safety.', Icon: IconFolderCheck },
  // Not every file was read (too many for the scan, too large, unreadable, or links): nothing about it is verified.
  partial: { color: 'yellow', label: 'incomplete — not verified', tip: 'Not every file of this folder was read: it has more files than the scan reads, or some are too large, unreadable or links. What was not read was not checked; the Checks tab says which files.', Icon: IconCircleDashed },
  invalid: { color: 'red', label: 'invalid SKILL.md', tip: 'SKILL.md has no valid frontmatter, so agents would not load it.', Icon: IconAlertTriangle },
};

/** The badge's words (the catalog row sizes its badge lines from them). */
export const localStatusLabel = (status: SkillStatus): string => (LOCAL[status] ?? LOCAL.partial!).label;

/** `nativeTip`: the tip as the badge's title, for long lists (no floating tooltip per badge). */
export function LocalStatusBadge({ status, size = 'sm', nativeTip = false }: { status: SkillStatus; size?: 'xs' | 'sm' | 'md'; nativeTip?: boolean }) {
  const s = LOCAL[status] ?? LOCAL.partial!;
  const badge = (
    <Badge color={s.color} variant="light" size={size} leftSection={<s.Icon size={12} aria-hidden />} data-status={status} data-local-status style={{ flex: '0 0 auto' }} title={nativeTip ? s.tip : undefined}>
      {s.label}
    </Badge>
  );
  if (nativeTip) return badge;
  return (
    <Tooltip label={s.tip} multiline w={280} withArrow openDelay={300}>
      {badge}
    </Tooltip>
  );
}
