// A damaged approvals store is never quiet: what happened, which file, and
// where the damaged copy was kept. Shown wherever decisions are made. Why a
// file could not be read may quote its text (a JSON parse error does), and the
// store holds the servers' skill URIs and names: the file, the message and
// the copy's path are drawn with their invisible and bidi characters as marks.
import { Alert, Stack, Text } from '@mantine/core';
import { IconDatabaseExclamation } from '@tabler/icons-react';
import type { ApprovalStoreStatus } from '../../../../shared/approvals-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { useApprovals } from '../../state/approvals.js';

export function StoreHealth() {
  const status = useApprovals((s) => s.storeStatus);
  return status ? <StoreProblems status={status} /> : null;
}

/** What went wrong with the store, from props, so it can be drawn without the store. */
export function StoreProblems({ status }: { status: ApprovalStoreStatus }) {
  if (status.problems.length === 0 && status.auditUnreadableLines.length === 0) return null;
  return (
    <Stack gap={6} data-store-health>
      {status.problems.map((p, i) => (
        <Alert key={i} color="red" variant="light" icon={<IconDatabaseExclamation size={18} />} title={p.recoveredFrom === 'backup' ? 'Your approvals were recovered from the backup' : 'Your approvals could not be recovered'} data-store-problem={p.recoveredFrom}>
          <Text size="sm">
            <Text span className="mono" size="sm">
              <InvisibleText text={p.file} identifier />
            </Text>
            : <InvisibleText text={p.message} />
            {p.keptAs ? (
              <>
                {' '}
                The damaged file was kept as{' '}
                <Text span className="mono" size="sm">
                  <InvisibleText text={p.keptAs} identifier />
                </Text>
                .
              </>
            ) : null}{' '}
            {p.recoveredFrom === 'backup'
              ? 'Decisions made after that backup was written are missing: check the skills you approved most recently.'
              : 'No backup could be read, so no decisions are loaded. Review the skills you rely on again.'}
          </Text>
        </Alert>
      ))}
      {status.auditUnreadableLines.length > 0 ? (
        <Alert color="yellow" variant="light" title="Some audit log lines could not be read" data-store-audit-lines={status.auditUnreadableLines.length}>
          <Text size="sm">
            Line{status.auditUnreadableLines.length === 1 ? '' : 's'} {status.auditUnreadableLines.slice(0, 10).join(', ')}
            {status.auditUnreadableLines.length > 10 ? ' and more' : ''} of the audit log were skipped; a crash while writing can tear the last line. Every other entry was read.
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
