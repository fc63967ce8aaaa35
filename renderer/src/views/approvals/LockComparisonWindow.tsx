// A lockfile compared from the palette with no server to show it in (none in
// the list, or All skills chosen and the lock about servers not in the list):
// the comparison in a window of its own. It was put nowhere, and nothing
// seemed to happen. Closing the result (its Close) closes the window too.
import { Modal } from '@mantine/core';
import { useEffect } from 'react';
import { useApprovals } from '../../state/approvals.js';
import { useDialogs } from '../../state/dialogs.js';
import { LockComparison } from './LockComparison.js';

export function LockComparisonWindow() {
  const close = useDialogs((s) => s.close);
  const shown = useApprovals((s) => s.lockImport !== undefined);
  useEffect(() => {
    if (!shown) close();
  }, [shown, close]);
  return (
    <Modal opened onClose={close} size="xl" title="Lockfile compared with the servers" data-dialog="lock-comparison">
      <LockComparison autoFocus />
    </Modal>
  );
}
