// Approval state of a skill. Nothing is shown until approvals exist for it:
// a "not approved" badge on every skill would say nothing true yet.
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconShieldCheck } from '@tabler/icons-react';
import type { ApprovalState } from '../../../shared/model.js';

const APPROVAL = {
  approved: { color: 'green', label: 'approved', Icon: IconShieldCheck },
  changed: { color: 'yellow', label: 'changed since approval', Icon: IconAlertTriangle },
  declined: { color: 'red', label: 'declined', Icon: IconBan },
} as const;

export function ApprovalBadge({ approval, size = 'sm' }: { approval: ApprovalState; size?: 'xs' | 'sm' }) {
  if (approval === 'none') return null;
  const a = APPROVAL[approval];
  return (
    <Badge color={a.color} variant="outline" size={size} leftSection={<a.Icon size={12} aria-hidden />} data-approval={approval} style={{ flex: '0 0 auto' }}>
      {a.label}
    </Badge>
  );
}
