// The Changes tab names a skill's files outside their cards too: the files
// that did not change ("Unchanged: …") and, at its end, the changed parts the
// user has still to scroll through before approving (each a link to its
// card). Their paths are the server's: an invisible, bidi or control
// character in one is drawn as a mark.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FileDiff, SkillDiff } from '../../../../shared/approvals-model.js';
import { RAW_HIDDEN, namesIn, shownTextOf, staticMarkup } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; this view only imports it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { DiffView } = await import('./DiffView.js');

const RLO = '\u202E';
const side = { size: 1, digest: 'sha256:a' };
const file = (path: string, change: FileDiff['change']): FileDiff => ({ uri: `skill://a/${encodeURI(path)}`, path, change, before: side, after: side, textUnavailable: 'it is binary' });

describe('the Changes tab’s lists of files', () => {
  it('the unchanged files and the changed parts still to show', () => {
    const diff = {
      serverId: 's1',
      skillUri: 'skill://a/SKILL.md',
      from: { ref: 'approved', fingerprint: 'sha256:1', resources: [], frontmatter: {} },
      to: { ref: 'current', fingerprint: 'sha256:2', resources: [], frontmatter: {} },
      files: [file('SKILL.md', 'unchanged'), file(`refs/a${RLO}b.md`, 'unchanged'), file('tabs\there.md', 'unchanged'), file(`scripts/c${RLO}d.py`, 'changed')],
      frontmatter: [],
      identical: false,
      canApprove: true,
      blockers: [],
      acknowledgements: [],
    } as unknown as SkillDiff;
    const html = staticMarkup(createElement(DiffView, { diff }));
    const text = shownTextOf(html);
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(namesIn(html).join('')).not.toMatch(RAW_HIDDEN);
    // A tab in a path would read as a space: marked, as in a name.
    expect(text).toContain('Unchanged: SKILL.md, refs/a⟦RLO⟧b.md, tabs⟦TAB⟧here.md');
    expect(text).toContain('Scroll through the rest of the diff first: scripts/c⟦RLO⟧d.py');
  });
});
