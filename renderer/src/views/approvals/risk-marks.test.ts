// What the checks find in the newer version names a server's words: each
// finding's place (the file's path, the field), its title and its message,
// the files the rules could not look at, and why the rules could not run
// (an error that may quote the server). An invisible, bidi or control
// character in them is drawn as a mark.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { RiskDelta, SkillDiff } from '../../../../shared/approvals-model.js';
import type { Finding } from '../../../../shared/model.js';
import { shownOnScreen } from '../../components/static-markup.js';
import { RiskDeltaView } from './RiskDeltaView.js';

const RLO = '\u202E';
const skillUri = 'skill://a/SKILL.md';

function shown(risk: RiskDelta): string {
  const diff = { serverId: 's1', skillUri, from: { ref: 'approved' }, to: { ref: 'current' }, files: [], frontmatter: [], risk } as unknown as SkillDiff;
  return shownOnScreen(createElement(RiskDeltaView, { diff }));
}

const finding = (id: string, place: Finding['location'], title: string, message: string): Finding => ({ id, severity: 'error', title, message, location: place });

describe('what the checks find in the newer version', () => {
  it('each finding’s place (path and field), title and message, new, gone and in both; the files not checked', () => {
    const text = shown({
      added: [finding('risk-run', { fileUri: `skill://a/refs/a${RLO}b.md`, line: 2 }, `Runs ${RLO}x`, `The line runs "${RLO}hs.x"`)],
      gone: [finding('risk-field', { fileUri: 'skill://a/SKILL.md', field: `na${RLO}me` }, `Field ${RLO}y`, 'gone')],
      unchanged: [finding('risk-both', { fileUri: `skill://a/c${RLO}d.md` }, `Both ${RLO}z`, 'both')],
      fromUnreviewed: [`old${RLO}.md`],
      toUnreviewed: [`new${RLO}.md`],
    });
    expect(text).toContain('refs/a⟦RLO⟧b.md line 2: Runs ⟦RLO⟧x');
    expect(text).toContain('The line runs "⟦RLO⟧hs.x"');
    expect(text).toContain('SKILL.md field na⟦RLO⟧me: Field ⟦RLO⟧y');
    expect(text).toContain('c⟦RLO⟧d.md: Both ⟦RLO⟧z');
    expect(text).toContain('(its bytes were never reviewed): old⟦RLO⟧.md.');
    expect(text).toContain('(its bytes could not be read and verified): new⟦RLO⟧.md.');
  });

  it('why the rules could not run', () => {
    const text = shown({ added: [], gone: [], unchanged: [], fromUnreviewed: [], toUnreviewed: [], unavailable: `The reviewer failed: ${RLO}ko` });
    expect(text).toContain('The reviewer failed: ⟦RLO⟧ko');
  });
});
