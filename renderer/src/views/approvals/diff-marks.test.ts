// A file's diff names a server's words outside the changed lines (which had
// marks already): the file's path in the card and in the accessible names of
// its tables, a finding's message in the tooltip of its mark and its title
// or field in the mark's words, and why there is no line diff. Each is drawn
// with marks, or written with the marker where only a string can go.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { FileDiff, RiskDelta } from '../../../../shared/approvals-model.js';
import type { Finding } from '../../../../shared/model.js';
import { seenOnScreen } from '../../components/static-markup.js';
import { FileDiffCard } from './FileDiffCard.js';

const RLO = '\u202E';
const uri = `skill://a/refs/a%E2%80%AEb.md`;
const path = `refs/a${RLO}b.md`;

function rendered(file: FileDiff, risk?: RiskDelta): { text: string; names: string[] } {
  return seenOnScreen(createElement(FileDiffCard, { file, shown: false, onShown: () => {}, ...(risk ? { risk } : {}) }));
}

describe('a file’s diff', () => {
  it('the path, the tables’ accessible names, and each finding’s mark (title, field) and tooltip (message)', () => {
    const onLine: Finding = { id: 'risk-run', severity: 'error', title: `Runs ${RLO}x`, message: `The line runs "${RLO}hs.x"`, location: { fileUri: uri, line: 2 } };
    const onField: Finding = { id: 'risk-field', severity: 'warning', title: 'Field', message: `says ${RLO}y`, location: { fileUri: uri, field: `na${RLO}me` } };
    const file: FileDiff = {
      uri,
      path,
      change: 'changed',
      before: { size: 1, digest: 'sha256:a' },
      after: { size: 2, digest: 'sha256:b' },
      text: { hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 2, lines: [' one', '+two'] }], added: 1, removed: 0 },
    } as FileDiff;
    const { text, names } = rendered(file, { added: [onLine, onField], gone: [], unchanged: [], fromUnreviewed: [], toUnreviewed: [] });
    expect(text).toContain('refs/a⟦RLO⟧b.md');
    expect(text).toContain('+ line 2: runs ⟦RLO⟧x — error');
    expect(text).toContain('+ field na⟦RLO⟧me: field — warning');
    expect(names).toContain('Line changes in refs/a⟦RLO⟧b.md');
    expect(names).toContain('Findings in refs/a⟦RLO⟧b.md outside the lines shown');
    expect(names).toContain('The line runs "⟦RLO⟧hs.x"');
    expect(names).toContain('says ⟦RLO⟧y');
  });

  it('why there is no line diff', () => {
    const file = { uri, path, change: 'added', after: { size: 2, digest: 'sha256:b' }, textUnavailable: `it failed verification: ${RLO}x` } as FileDiff;
    expect(rendered(file).text).toContain('it failed verification: ⟦RLO⟧x');
  });
});
