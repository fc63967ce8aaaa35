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

export function StatusBadge({ status, size = 'sm' }: { status: SkillStatus; size?: 'xs' | 'sm' | 'md' }) {
  const s = STATUS[status];
  return (
    <Tooltip label={s.tip} multiline w={280} withArrow openDelay={300}>
      <Badge color={s.color} variant="light" size={size} leftSection={<s.Icon size={12} aria-hidden />} data-status={status} style={{ flex: '0 0 auto' }}>
        {s.label}
      </Badge>
    </Tooltip>
  );
}

export function LegacyBadge({ form, size = 'sm' }: { form: string; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Tooltip label={`Found through an older discovery form: ${form}`} withArrow openDelay={300}>
      <Badge color="yellow" variant="outline" size={size} leftSection={<IconHistory size={12} aria-hidden />} data-legacy={form} style={{ flex: '0 0 auto' }}>
        legacy
      </Badge>
    </Tooltip>
  );
}
