// Finding severities in the one colour language: red error, amber warning,
// blue info — each with its icon and its word.
import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import type { Severity } from '../../../shared/model.js';

export const SEVERITY: Record<Severity, { color: string; label: string; plural: string; Icon: typeof IconCircleX }> = {
  error: { color: 'red', label: 'error', plural: 'Errors', Icon: IconCircleX },
  warning: { color: 'yellow', label: 'warning', plural: 'Warnings', Icon: IconAlertTriangle },
  info: { color: 'blue', label: 'info', plural: 'Info', Icon: IconInfoCircle },
};

export function SeverityBadge({ severity, count, size = 'sm' }: { severity: Severity; count?: number; size?: 'xs' | 'sm' }) {
  const s = SEVERITY[severity];
  return (
    <Badge color={s.color} variant="light" size={size} leftSection={<s.Icon size={12} aria-hidden />} data-severity={severity} style={{ flex: '0 0 auto' }}>
      {count !== undefined ? `${count} ${count === 1 ? s.label : `${s.label}s`}` : s.label}
    </Badge>
  );
}

/** The worst finding of a server, as a small icon with its word in the tooltip and for screen readers. */
export function WorstFinding({ severity }: { severity: Severity | undefined }) {
  if (!severity) return null;
  const s = SEVERITY[severity];
  const text = severity === 'info' ? 'notes only' : `has ${s.label}s`;
  return (
    <Tooltip label={`Worst finding: ${s.label}`} withArrow openDelay={300}>
      <span role="img" aria-label={text} data-worst={severity} style={{ display: 'inline-flex', color: `var(--mantine-color-${s.color}-6)` }}>
        <s.Icon size={14} aria-hidden />
      </span>
    </Tooltip>
  );
}
