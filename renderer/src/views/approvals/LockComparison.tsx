// A lockfile's comparison as it stands: under way, why the file could not be
// used, or the result. Drawn in a server's Approvals tab and, when no server
// is there to show it, in a window of its own (LockComparisonWindow).
import { Loader } from '@mantine/core';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useApprovals } from '../../state/approvals.js';
import { LockImportResults } from './LockImportResults.js';

/** `autoFocus`: in a window, whose focus trap puts focus on what is marked so as it opens (else on its close button). */
export function LockComparison({ autoFocus = false }: { autoFocus?: boolean }) {
  const lockImport = useApprovals((s) => s.lockImport);
  if (lockImport?.state === 'loading') return <Loader size="xs" />;
  if (lockImport?.state === 'error') {
    return (
      // Focusable from code only, as the result's summary is: the palette's Compare a lockfile puts focus here.
      <div tabIndex={-1} data-lock-result data-autofocus={autoFocus || undefined}>
        <ErrorNotice title="The lockfile could not be used" message={lockImport.message} />
      </div>
    );
  }
  return lockImport?.state === 'loaded' ? <LockImportResults result={lockImport.value} autoFocus={autoFocus} /> : null;
}
