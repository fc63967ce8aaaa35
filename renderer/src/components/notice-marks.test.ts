// Error notices, connection diagnostics, file checks and findings carry text a
// server chose: an error message it sent, its stderr, a frontmatter value,
// a file URI. An invisible, bidi or control character in it is drawn as a
// mark, never bare (a bare U+202E reverses every word after it, unseen).
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Finding } from '../../../shared/model.js';
import { ConnectionTestResult } from '../views/dialogs/ConnectionTestResult.js';
import { ComparisonResult } from '../views/server/CompareFolder.js';
import { RunCard } from '../views/server/WatchPanel.js';
import { DiagnosticNotice, ErrorNotice, LastErrorNotice } from './ErrorNotice.js';
import { FileCheckResult } from './FileCheck.js';
import { FindingsList } from './FindingsList.js';
import { shownOnScreen as shown } from './static-markup.js';

// api.ts opens the browser-mode bridge when loaded; the views here only import it.
vi.mock('../api.js', () => ({ api: {}, errorMessage: String }));

const RLO = '\u202E';
const at = '2026-01-01T00:00:00.000Z';

describe('notices draw a server’s words with marks', () => {
  it('ErrorNotice: the title and the message of a failed call', () => {
    expect(shown(createElement(ErrorNotice, { title: `Could not load s${RLO}x`, message: `The server said: ${RLO}txt.exe\u2066!\u2069` }))).toBe('Could not load s⟦RLO⟧xThe server said: ⟦RLO⟧txt.exe⟦LRI⟧!⟦PDI⟧');
  });

  it('DiagnosticNotice: title, detail (the server’s stderr) and hint', () => {
    expect(shown(createElement(DiagnosticNotice, { heading: 'Connection failed', diagnostic: { code: 'process-exited', title: `Exited: ${RLO}a`, detail: `stderr: ${RLO}gnorw`, hint: `Run "${RLO}x"` } }))).toBe(
      'Connection failed: Exited: ⟦RLO⟧astderr: ⟦RLO⟧gnorwWhat to do: Run "⟦RLO⟧x"',
    );
  });

  it('a file check: the failed message and its evidence, an unread message, an unverifiable reason', () => {
    expect(shown(createElement(FileCheckResult, { check: { state: 'failed', reason: 'frontmatter', message: `description differs: ${RLO}x`, expected: `a${RLO}b`, actual: 'ab\u200B', checkedAt: at } }))).toBe(
      'Frontmatter differs from the listingdescription differs: ⟦RLO⟧xExpecteda⟦RLO⟧bActualab⟦ZWSP⟧',
    );
    // No listed-versus-served evidence: the frontmatter could not be used at all, so it is not said to differ.
    expect(shown(createElement(FileCheckResult, { check: { state: 'failed', reason: 'frontmatter', message: `SKILL.md has no usable frontmatter: ${RLO}x`, checkedAt: at } }))).toBe('Frontmatter not usableSKILL.md has no usable frontmatter: ⟦RLO⟧x');
    expect(shown(createElement(FileCheckResult, { check: { state: 'unread', message: `SKILL.md of ${RLO}x failed` } }))).toBe('SKILL.md of ⟦RLO⟧x failed');
    expect(shown(createElement(FileCheckResult, { check: { state: 'unverifiable', reason: `served as ${RLO}bin`, checkedAt: at } }))).toBe('Cannot be verifiedserved as ⟦RLO⟧bin');
  });

  it('a finding: title, message, file URI and field name (a line break in a name marked)', () => {
    const finding: Finding = { id: 'inspector-x', severity: 'error', title: `About ${RLO}y`, message: `The skill "a${RLO}b" says so.`, location: { fileUri: `skill://a${RLO}b/SKILL.md`, field: 'na\nme' } };
    expect(shown(createElement(FindingsList, { findings: [finding], links: {} }))).toBe('Errors1 errorerrorAbout ⟦RLO⟧yThe skill "a⟦RLO⟧b" says so.skill://a⟦RLO⟧b/SKILL.mdna⟦LF⟧meinspector-x');
  });

  it('Test connection: the server’s own name and version, the failure’s title, detail and hint, an error message', () => {
    expect(shown(createElement(ConnectionTestResult, { test: { result: { status: 'connected', protocolVersion: '2025-06-18', selfReported: { name: `demo${RLO}x`, version: `1${RLO}2` } } } }))).toBe(
      'Connecteddemo⟦RLO⟧x 1⟦RLO⟧2 (self-reported) answered, protocol version 2025-06-18. Disconnected again; nothing was saved.',
    );
    expect(shown(createElement(ConnectionTestResult, { test: { result: { status: 'failed', error: { code: 'process-exited', title: `t${RLO}`, detail: `d${RLO}`, hint: `h${RLO}` } } } }))).toBe('t⟦RLO⟧d⟦RLO⟧h⟦RLO⟧');
    expect(shown(createElement(ConnectionTestResult, { test: { error: `e${RLO}` } }))).toBe('Could not teste⟦RLO⟧');
  });
});

describe('a server’s errors on the server screens', () => {
  it('the error before the current connection', () => {
    expect(shown(createElement(LastErrorNotice, { diagnostic: { code: 'process-exited', title: `t${RLO}`, detail: `stderr ${RLO}x`, hint: `h${RLO}` } }))).toBe('Last error (before the current connection): t⟦RLO⟧stderr ⟦RLO⟧xWhat to do: h⟦RLO⟧');
  });

  const finding: Finding = { id: 'risk-x', severity: 'warning', title: `T${RLO}`, message: `says ${RLO}y`, location: { skillUri: 'skill://a/SKILL.md', fileUri: `skill://a/b${RLO}c.md`, line: 3 } };
  const noDiff = { skillsAdded: [], skillsRemoved: [], skillsChanged: [], filesAdded: [], filesRemoved: [], digestsChanged: [], fileListsChanged: [], findingsNew: [], findingsFixed: [], findingsChanged: [] };

  it('a watch run: the failure, the skills not reviewed and why, a finding that changed', () => {
    expect(shown(createElement(RunCard, { serverId: 's1', run: { run: 2, finishedAt: '2026-01-01T00:00:00.000Z', changed: [`a${RLO}b.md`], error: `did not start: ${RLO}x` } }))).toBe(
      'Run 2 · after edits to a⟦RLO⟧b.mdThis run could not finish; the next one is compared with the last that diddid not start: ⟦RLO⟧x',
    );
    const done = shown(createElement(RunCard, { serverId: 's1', run: { run: 2, finishedAt: '2026-01-01T00:00:00.000Z', changed: [], skillCount: 1, counts: { error: 0, warning: 1, info: 0 }, diff: { ...noDiff, findingsNew: [finding] }, omitted: 0, notReviewed: [{ skillUri: `skill://n${RLO}/SKILL.md`, error: `e${RLO}` }] } }));
    expect(done).toContain('T⟦RLO⟧ (b⟦RLO⟧c.md line 3): says ⟦RLO⟧y');
    expect(done).toContain('Not reviewed this run (their findings are missing): skill://n⟦RLO⟧/SKILL.md: e⟦RLO⟧');
  });

  it('a comparison with a folder that failed after a change', () => {
    const text = shown(createElement(ComparisonResult, { result: { serverId: 's1', folder: '/f', comparedAt: '2026-01-01T00:00:00.000Z', watching: true, changed: [`x${RLO}.md`], folderSkills: 1, findings: [], error: `the server said ${RLO}no` } }));
    expect(text).toContain('after changes to x⟦RLO⟧.md');
    expect(text).toContain('The comparison after the last change failedthe server said ⟦RLO⟧no');
  });
});
