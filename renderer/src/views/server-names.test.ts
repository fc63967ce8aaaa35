// A server is named by the label the user gave it, never by its internal id
// (a UUID nobody chose): in the toast that says an approval was revoked (which
// named no server at all, though two servers may list the same URI), and in
// the places that fell back to the id when this window no longer had the
// server (removed in another window): the skill's origin line, its
// Provenance tab and the skills of the same name (drawn here: the Provenance
// tab, rendered statically, so with the stores as they start: no server).
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerView, SkillEntry } from '../../../shared/model.js';

const shown = vi.hoisted(() => [] as { title?: unknown; message?: unknown }[]);
vi.mock('@mantine/notifications', () => ({ notifications: { show: (data: { title?: unknown; message?: unknown }) => (shown.push(data), 'id') } }));
// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined, mode: 'browser' }, errorMessage: String }));

const { notifyRevoked } = await import('../state/approvals.js');
const { useServers } = await import('../state/servers.js');
const { shownOnScreen } = await import('../components/static-markup.js');
const { ProvenanceTab } = await import('./skill/ProvenanceTab.js');

const RLO = '\u202E';
const WORK_ID = '3f0c2a8e-5b7d-4e1a-9c6f-2d8b1e4a7c90';
const GONE_ID = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

const work: ServerView = {
  config: { id: WORK_ID, label: `Work${RLO}krow skills`, transport: { kind: 'stdio', command: 'node', args: [], env: {} }, createdAt: '2026-01-01T00:00:00.000Z' } as ServerView['config'],
  connection: { serverId: WORK_ID, status: 'connected' },
  skillCount: 1,
};

function entryOn(serverId: string): SkillEntry {
  return {
    serverId,
    uri: 'skill://notes/SKILL.md',
    name: 'notes',
    description: 'Keeps meeting notes.',
    pathPrefix: '',
    status: 'verified',
    files: {},
    errorCount: 0,
    warningCount: 0,
    verdict: 'not-reviewed',
    nestedSkills: [],
  } as unknown as SkillEntry;
}

beforeEach(() => {
  shown.length = 0;
  useServers.setState({ servers: [work] });
});

describe('a server named by its label, never its id', () => {
  it('the toast of an approval revoked by a change names the skill and its server’s label', () => {
    notifyRevoked({ serverId: WORK_ID, skillUri: 'skill://notes/SKILL.md', reason: 'SKILL.md changed.' });
    expect(shown[0]!.title).toBe('Changed since approval: skill://notes/SKILL.md on "Work⟦RLO⟧krow skills"');
  });

  it('the toast for a server this window no longer lists names the skill alone, not the id', () => {
    notifyRevoked({ serverId: GONE_ID, skillUri: 'skill://notes/SKILL.md', reason: 'SKILL.md changed.' });
    expect(shown[0]!.title).toBe('Changed since approval: skill://notes/SKILL.md');
  });

  it('the Provenance tab of a skill whose server this window does not list says so instead of its id', () => {
    const text = shownOnScreen(createElement(ProvenanceTab, { entry: entryOn(GONE_ID) }));
    expect(text).not.toContain(GONE_ID);
    expect(text).toContain('Qualified namea server no longer in your list › notesServera server no longer in your listHow the app reaches it');
  });
});
