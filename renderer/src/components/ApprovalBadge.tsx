// Approval state of a skill. Nothing is shown until approvals exist for it:
// a "not approved" badge on every skill would say nothing true yet.
import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconShieldCheck } from '@tabler/icons-react';
import type { ApprovalState } from '../../../shared/model.js';

const APPROVAL = {
  approved: { color: 'green', label: 'approved', tip: 'You approved exactly the files the server serves now.', Icon: IconShieldCheck },
  changed: { color: 'yellow', label: 'changed since approval', tip: 'The server now serves something other than what you approved. The approval was revoked and the skill disabled; its Changes tab shows exactly what changed.', Icon: IconAlertTriangle },
  declined: { color: 'red', label: 'declined', tip: 'You declined this skill.', Icon: IconBan },
} as const;

/** The badge's words without "· enabled" (the catalog row sizes its badge lines from them); none for 'none'. */
export const approvalLabel = (approval: ApprovalState): string | undefined => (approval === 'none' ? undefined : APPROVAL[approval].label);

/** `nativeTip`: the tip as the badge's title, for long lists (no floating tooltip per badge). */
export function ApprovalBadge({ approval, enabled, size = 'sm', nativeTip = false }: { approval: ApprovalState; enabled?: boolean; size?: 'xs' | 'sm'; nativeTip?: boolean }) {
  if (approval === 'none') return null;
  const a = APPROVAL[approval];
  const on = approval === 'approved' && enabled === true;
  const tip = `${a.tip}${approval === 'approved' ? (on ? ' Enabled: hosts reading the enabled set may use it.' : ' Not enabled.') : ''}`;
  const badge = (
    <Badge color={a.color} variant="outline" size={size} leftSection={<a.Icon size={12} aria-hidden />} data-approval={approval} data-enabled={approval === 'approved' ? String(on) : undefined} style={{ flex: '0 0 auto' }} title={nativeTip ? tip : undefined}>
      {on ? `${a.label} · enabled` : a.label}
    </Badge>
  );
  if (nativeTip) return badge;
  return (
    <Tooltip label={tip} multiline w={280} withArrow openDelay={300}>
      {badge}
    </Tooltip>
  );
}
