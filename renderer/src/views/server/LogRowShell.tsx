// What every row of the protocol log shares, flat or paired: the option it is
// in the list (selection, keys), its time and its direction; the row puts its
// kind, summary and sizes inside.
import { IconArrowDownLeft, IconArrowUpRight, IconInfoCircle, IconTerminal2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { LogDirection, ProtocolLogEntry } from '../../../../shared/model.js';

export const DIRECTIONS: Record<LogDirection, { label: string; Icon: typeof IconArrowUpRight; color: string }> = {
  out: { label: 'sent', Icon: IconArrowUpRight, color: 'var(--mantine-color-blue-text)' },
  in: { label: 'received', Icon: IconArrowDownLeft, color: 'var(--mantine-color-green-text)' },
  stderr: { label: 'stderr', Icon: IconTerminal2, color: 'var(--mantine-color-dimmed)' },
  note: { label: 'note', Icon: IconInfoCircle, color: 'var(--mantine-color-dimmed)' },
};

function time(at: number): string {
  const d = new Date(at);
  return `${d.toLocaleTimeString(undefined, { hour12: false })}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

export interface LogRowProps {
  readonly selected: boolean;
  readonly onSelect: () => void;
  readonly style: React.CSSProperties;
}

/** The row around `children`; `data` adds the row's own attributes (a pair's status, why, latency). */
export function LogRowShell({ entry, selected, onSelect, style, data, children }: LogRowProps & { entry: ProtocolLogEntry; data?: Readonly<Record<`data-${string}`, string | number | undefined>>; children: ReactNode }) {
  const d = DIRECTIONS[entry.direction];
  return (
    <div
      className="log-row"
      role="option"
      aria-selected={selected}
      data-selected={selected}
      data-log-kind={entry.kind}
      data-log-method={entry.method}
      data-log-direction={entry.direction}
      {...data}
      onClick={onSelect}
      style={style}
    >
      <span className="log-time mono">{time(entry.at)}</span>
      <span className="log-dir" style={{ color: d.color }} title={d.label}>
        <d.Icon size={13} aria-hidden /> {d.label}
      </span>
      {children}
    </div>
  );
}
