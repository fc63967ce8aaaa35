// One colour language everywhere, always with a word and an icon too:
// green verified, red failed, amber changed/warning, grey unread, blue info.
import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconCircleX, IconHistory, IconQuestionMark } from '@tabler/icons-react';
import type { SkillStatus } from '../../../shared/model.js';

const STATUS: Record<SkillStatus, { color: string; label: string; tip: string; Icon: typeof IconCircleCheck }> = {
  verified: { color: 'green', label: 'matches listing', tip: 'Every file was read and its size and digest match the listing. This shows consistency, not safety.', Icon: IconCircleCheck },
  partial: { color: 'gray', label: 'partly read', tip: 'Some files were read and matched; others are not read yet.', Icon: IconCircleDashed },
  unread: { color: 'gray', label: 'not yet read', tip: 'No file has been read. Open a file or press Verify.', Icon: IconCircleDashed },
  mismatch: { color: 'red', label: 'mismatch', tip: 'A file did not match the listing (size, digest or frontmatter). Its content must not be used.', Icon: IconCircleX },
  unverifiable: { color: 'yellow', label: 'unverifiable', tip: 'The server publishes no digests for this skill ("dynamic" or a legacy form): its bytes cannot be checked.', Icon: IconQuestionMark },
  invalid: { color: 'red', label: 'invalid entry', tip: 'The listing entry is invalid, so a host must not load this skill.', Icon: IconAlertTriangle },
};

/** The badge's words (the catalog row sizes its badge lines from them). */
export const statusLabel = (status: SkillStatus): string => STATUS[status].label;

/** `nativeTip`: the tip as the badge's title, for lists of thousands of rows (no floating tooltip per badge). */
export function StatusBadge({ status, size = 'sm', nativeTip = false }: { status: SkillStatus; size?: 'xs' | 'sm' | 'md'; nativeTip?: boolean }) {
  const s = STATUS[status];
  const badge = (
    <Badge color={s.color} variant="light" size={size} leftSection={<s.Icon size={12} aria-hidden />} data-status={status} style={BADGE_STYLE} title={nativeTip ? s.tip : undefined}>
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

export function LegacyBadge({ form, size = 'sm', nativeTip = false }: { form: string; size?: 'xs' | 'sm' | 'md'; nativeTip?: boolean }) {
  const tip = `Found through an older discovery form: ${form}`;
  const badge = (
    <Badge color="yellow" variant="outline" size={size} leftSection={<IconHistory size={12} aria-hidden />} data-legacy={form} style={BADGE_STYLE} title={nativeTip ? tip : undefined}>
      legacy
    </Badge>
  );
  if (nativeTip) return badge;
  return (
    <Tooltip label={tip} withArrow openDelay={300}>
      {badge}
    </Tooltip>
  );
}

const BADGE_STYLE = { flex: '0 0 auto' } as const;
