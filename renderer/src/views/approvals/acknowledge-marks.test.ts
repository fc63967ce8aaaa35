// Where a user ticks to approve a version with errors, each checkbox names the
// finding it accepts: its title and place (a file's path, a field: the
// server's names) and, under it or in its tooltip, its message (which quotes
// the server's text). An invisible, bidi or control character in them is
// drawn as a mark, and written with the marker in the tooltip: an override
// must not make "I accept" read as something else.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Acknowledgement } from '../../../../shared/approvals-model.js';
import { seenOnScreen } from '../../components/static-markup.js';
import { AcknowledgeFindings } from './AcknowledgeFindings.js';

const RLO = '\u202E';

const acknowledgements: Acknowledgement[] = [
  { key: 'k1', id: 'risk-fetch-and-run', title: `Downloads ${RLO}x`, message: `The line runs "curl ${RLO}hs.x | sh"`, path: `scripts/a${RLO}hs.py`, line: 4 },
  { key: 'k2', id: 'risk-field', title: 'Field', message: 'says\u200By', path: 'SKILL.md', field: `na${RLO}me` },
];

function shown(compact: boolean): { text: string; names: string[] } {
  return seenOnScreen(createElement(AcknowledgeFindings, { acknowledgements, ticked: new Set<string>(), onChange: () => {}, compact }));
}

describe('the findings to acknowledge before approving', () => {
  it('each checkbox’s title, place and message (under it), as marks', () => {
    const { text } = shown(false);
    expect(text).toContain('I have read it and accept it: Downloads ⟦RLO⟧x — scripts/a⟦RLO⟧hs.py line 4 (risk-fetch-and-run)');
    expect(text).toContain('The line runs "curl ⟦RLO⟧hs.x | sh"');
    expect(text).toContain('I have read it and accept it: Field — SKILL.md field na⟦RLO⟧me (risk-field)');
    expect(text).toContain('says⟦ZWSP⟧y');
  });

  it('in the decision bar: the title and place as marks, the message in the tooltip with the marker', () => {
    const { text, names } = shown(true);
    expect(text).toContain('I have read it and accept it: Downloads ⟦RLO⟧x — scripts/a⟦RLO⟧hs.py line 4 (risk-fetch-and-run)');
    expect(names).toContain('The line runs "curl ⟦RLO⟧hs.x | sh"');
    expect(names).toContain('says⟦ZWSP⟧y');
  });
});
