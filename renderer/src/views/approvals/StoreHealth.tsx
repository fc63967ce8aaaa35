// A damaged approvals store is never quiet: what happened, which file, and
// where the damaged copy was kept. Shown wherever decisions are made. Each
// problem is titled by the store it hit: a server's version history holds no
// decision, so its damage must not read as lost approvals. Why a
// file could not be read may quote its text (a JSON parse error does), and the
// store holds the servers' skill URIs and names: the file, the message and
// the copy's path are drawn with their invisible and bidi characters as marks.
import { Alert, Stack, Text } from '@mantine/core';
import { IconDatabaseExclamation } from '@tabler/icons-react';
import type { ApprovalStoreStatus, StoreProblemView } from '../../../../shared/approvals-model.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { useApprovals } from '../../state/approvals.js';

/** What each store's damage means for the user, by how it was recovered. */
const WORDS: Record<StoreProblemView['store'], Record<StoreProblemView['recoveredFrom'], { title: string; meaning: string }>> = {
  approvals: {
    backup: { title: 'Your approvals were recovered from the backup', meaning: 'Decisions made after that backup was written are missing: check the skills you approved most recently.' },
    default: { title: 'Your approvals could not be recovered', meaning: 'No backup could be read, so no decisions are loaded. Review the skills you rely on again.' },
  },
  history: {
    backup: { title: "A server's version history was recovered from the backup", meaning: 'Versions seen after that backup was written are missing from it. Your approvals are not affected.' },
    default: { title: "A server's version history could not be read", meaning: 'The versions its skills were seen in before are not listed in their Changes tab. Your approvals are not affected.' },
  },
};

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
        <Alert key={i} color="red" variant="light" icon={<IconDatabaseExclamation size={18} />} title={WORDS[p.store][p.recoveredFrom].title} data-store-problem={p.recoveredFrom} data-store={p.store}>
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
            {WORDS[p.store][p.recoveredFrom].meaning}
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
