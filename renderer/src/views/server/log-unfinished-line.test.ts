// A stderr line the server left without a line break and then went quiet on
// (a prompt) is recorded as it stood, marked unfinished: the row and its
// detail say so, and the text stays exactly what the server wrote.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ProtocolLogEntry } from '../../../../shared/model.js';
import { shownOnScreen as shown } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { LogDetail, LogRow } = await import('./ProtocolLog.js');

const row = { selected: false, onSelect: () => {}, style: {} };
const prompt: ProtocolLogEntry = { seq: 1, serverId: 's1', at: 0, direction: 'stderr', kind: 'stderr', text: 'Enter passphrase: ', bytes: 18, unfinished: true };
const line: ProtocolLogEntry = { seq: 2, serverId: 's1', at: 0, direction: 'stderr', kind: 'stderr', text: 'accepted', bytes: 8 };

describe('an unfinished stderr line in the protocol log', () => {
  it('its row says it had no line break; a whole line says nothing', () => {
    expect(shown(createElement(LogRow, { entry: prompt, ...row }))).toContain('stderrEnter passphrase:  (no line break)18 B');
    expect(shown(createElement(LogRow, { entry: line, ...row }))).not.toContain('line break');
  });

  it('its detail says why it is shown as it stood', () => {
    expect(shown(createElement(LogDetail, { entry: prompt }))).toContain(
      'The server wrote this without a line break and then went quiet, so it is shown as it stood. What it wrote next on this line is the next stderr entry.',
    );
    expect(shown(createElement(LogDetail, { entry: line }))).not.toContain('line break');
  });
});
