// Connection status: a dot in the colour language, with its word for screen
// readers and in the tooltip (never colour alone: the row also says it).
import { Tooltip } from '@mantine/core';
import type { ConnectionStatus } from '../../../shared/model.js';

const COLOURS: Record<ConnectionStatus, string> = {
  connected: 'var(--mantine-color-green-6)',
  connecting: 'var(--mantine-color-blue-5)',
  disconnected: 'var(--mantine-color-gray-5)',
  failed: 'var(--mantine-color-red-6)',
};

export function ConnectionDot({ status }: { status: ConnectionStatus }) {
  return (
    <Tooltip label={status} withArrow openDelay={300}>
      <span
        role="img"
        aria-label={status}
        data-connection={status}
        className={status === 'connecting' ? 'dot-pulse' : undefined}
        style={{ display: 'inline-block', width: 9, height: 9, borderRadius: '50%', background: COLOURS[status], flex: '0 0 auto' }}
      />
    </Tooltip>
  );
}
