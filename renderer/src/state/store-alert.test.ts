// At start the main process alerts once about a damaged store; the window
// shows its own toast only when that alert reached no window. The check and
// the toast name the store the problem hit: a damaged version history is
// "Version history …", never "Approvals could not be recovered", and its
// start alert, once seen, is not said a second time.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalStoreStatus } from '../../../shared/approvals-model.js';

const shown = vi.hoisted(() => [] as { id?: unknown; title?: unknown; message?: unknown }[]);
const status = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: (data: { id?: unknown; title?: unknown; message?: unknown }) => (shown.push(data), 'id'), hide: () => undefined } }));
vi.mock('../api.js', () => ({
  api: { call: (method: string) => Promise.resolve(method === 'approvals.storeStatus' ? status.current : []), on: () => () => undefined, mode: 'browser' },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const { useApprovals } = await import('./approvals.js');

const HISTORY = '/home/u/.config/skill-inspector/history/srv.json';
const APPROVALS = '/home/u/.config/skill-inspector/approvals.json';

function withProblems(problems: ApprovalStoreStatus['problems']): void {
  status.current = { problems, auditUnreadableLines: [] } satisfies ApprovalStoreStatus;
}

beforeEach(() => {
  shown.length = 0;
  useApprovals.setState({ storeAlertsSeen: new Set(), storeStatus: undefined });
});

describe('the window’s own toast about a damaged store', () => {
  const history = { store: 'history', file: HISTORY, message: 'The file could not be read because it is a folder, not a regular file, and no usable backup exists.', recoveredFrom: 'default' } as const;

  it('a damaged history whose start alert was seen: no second toast', async () => {
    withProblems([history]);
    useApprovals.getState().noteAlert('Version history could not be read');
    await useApprovals.getState().load();
    expect(shown).toEqual([]);
  });

  it('a damaged history whose start alert reached no window: a toast titled by the history', async () => {
    withProblems([history]);
    await useApprovals.getState().load();
    expect(shown.map((t) => [t.title, t.message])).toEqual([['Version history could not be read', `${HISTORY}: ${history.message}`]]);
  });

  it('a history recovered from its backup: titled so', async () => {
    withProblems([{ ...history, recoveredFrom: 'backup', message: 'The last good version was restored from its backup.' }]);
    await useApprovals.getState().load();
    expect(shown.map((t) => t.title)).toEqual(['Version history recovered from backup']);
  });

  it('a damaged approvals.json keeps its own title, and its seen alert still counts', async () => {
    const approvals = { store: 'approvals', file: APPROVALS, message: 'No usable backup exists.', recoveredFrom: 'default' } as const;
    withProblems([approvals]);
    await useApprovals.getState().load();
    expect(shown.map((t) => t.title)).toEqual(['Approvals could not be recovered']);
    shown.length = 0;
    useApprovals.setState({ storeAlertsSeen: new Set() });
    useApprovals.getState().noteAlert('Approvals could not be recovered');
    await useApprovals.getState().load();
    expect(shown).toEqual([]);
  });

  it('a runtime "could not be saved" alert about the history does not stand for the start alert of a damaged approvals.json', async () => {
    withProblems([{ store: 'approvals', file: APPROVALS, message: 'No usable backup exists.', recoveredFrom: 'default' }]);
    useApprovals.getState().noteAlert('Version history could not be saved');
    await useApprovals.getState().load();
    expect(shown.map((t) => t.title)).toEqual(['Approvals could not be recovered']);
  });
});
