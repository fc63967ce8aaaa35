// Toasts and system notifications carry a server's words (a skill URI, a
// skill name, a server label, an alert built from them) in plain strings,
// where no element can mark an invisible character: each must arrive with
// its marker (⟦RLO⟧), never the raw override that reverses what follows.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => [] as { title?: unknown; message?: unknown }[]);
vi.mock('@mantine/notifications', () => ({ notifications: { show: (data: { title?: unknown; message?: unknown }) => (shown.push(data), 'id') } }));
// api.ts opens the browser-mode bridge when loaded; these stores only need it present.
vi.mock('../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined, mode: 'browser' }, errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)) }));

const { notifyRevoked } = await import('./approvals.js');
const { showAlert } = await import('./events.js');
const { useGateway } = await import('./gateway.js');
const { showToast } = await import('./toast.js');

const RLO = '\u202E';

beforeEach(() => {
  shown.length = 0;
});

describe('toasts show a server’s words with their marks', () => {
  it('an approval revoked by a change names the skill URI with the override marked', () => {
    notifyRevoked({ serverId: 's1', skillUri: `skill://invoice${RLO}fdp.exe/SKILL.md`, reason: `SKILL.md of "a${RLO}b" changed.` });
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('Changed since approval: skill://invoice⟦RLO⟧fdp.exe/SKILL.md');
    expect(shown[0]!.message).toBe('SKILL.md of "a⟦RLO⟧b" changed. The skill was disabled. Open its Changes tab to see exactly what changed.');
  });

  it('an alert from the main process (which may quote a server) is marked in title and message; line breaks stay in the message only', () => {
    showAlert({ level: 'warning', title: `Server "x${RLO}y\nz" stopped`, message: `It said: ${RLO}gnorw\u2066ok\u2069\nTry again.` });
    expect(shown[0]!.title).toBe('Server "x⟦RLO⟧y⟦LF⟧z" stopped');
    expect(shown[0]!.message).toBe('It said: ⟦RLO⟧gnorw⟦LRI⟧ok⟦PDI⟧\nTry again.');
  });

  it('a skill withdrawn from the gateway: name and server label marked in the toast', () => {
    useGateway.getState().applyWithdrawn({ name: `pdf${RLO}tools`, label: `work\u200Bserver`, uri: 'skill://pdf/SKILL.md', at: '2026-01-01T00:00:00.000Z' });
    expect(shown[0]!.title).toBe('Withdrawn from the gateway');
    expect(shown[0]!.message).toBe('pdf⟦RLO⟧tools (work⟦ZWSP⟧server) changed upstream; hosts no longer get it until you approve it again.');
  });

  it('an error message of a failed call (which may embed the server’s text) is marked', () => {
    showToast({ color: 'red', title: 'Could not connect', message: `The server said: ${RLO}txt.exe` });
    expect(shown[0]!.message).toBe('The server said: ⟦RLO⟧txt.exe');
    expect(JSON.stringify(shown)).not.toContain(RLO);
  });
});

describe('the system notification of a withdrawal', () => {
  const posted: { title: string; body?: string }[] = [];
  beforeEach(() => {
    posted.length = 0;
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor(title: string, options: { body?: string }) {
          posted.push({ title, ...(options.body !== undefined ? { body: options.body } : {}) });
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the marks too', () => {
    useGateway.getState().applyWithdrawn({ name: `a${RLO}b`, label: 'lab', uri: 'skill://a/SKILL.md', at: '2026-01-01T00:00:01.000Z' });
    expect(posted).toEqual([{ title: 'Withdrawn from the gateway', body: 'a⟦RLO⟧b (lab) changed upstream; hosts no longer get it until you approve it again.' }]);
  });
});
