// The protocol log shows what a server sent as it sent it: the method of a
// request or notification it sent, its stderr lines, the params summed up
// inline (a URI it chose), the whole message as JSON (JSON.stringify leaves
// U+202E and its kind raw), and its capabilities. Each invisible, bidi or
// control character is drawn as a mark; what Copy JSON copies stays exact.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LogPair } from '../../../../shared/log-pairs.js';
import type { ProtocolLogEntry } from '../../../../shared/model.js';
import { shownOnScreen as shown } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { LogDetail, LogRow } = await import('./ProtocolLog.js');
const { PairDetail, PairRow } = await import('./LogPairs.js');

const RLO = '\u202E';
const row = { selected: false, onSelect: () => {}, style: {} };

const request: ProtocolLogEntry = { seq: 1, serverId: 's1', at: 0, direction: 'in', kind: 'request', method: `sampling/${RLO}x`, id: 7, message: { jsonrpc: '2.0', id: 7, method: `sampling/${RLO}x`, params: { uri: `skill://a${RLO}b` } }, bytes: 80 };
const stderr: ProtocolLogEntry = { seq: 2, serverId: 's1', at: 0, direction: 'stderr', kind: 'stderr', text: `ready\u001b[1A\u001b[2K${RLO}ko`, bytes: 20 };

describe('the protocol log draws a server’s words with marks', () => {
  it('a row: the method a server sent, a stderr line', () => {
    expect(shown(createElement(LogRow, { entry: request, ...row }))).toContain('requestsampling/⟦RLO⟧x #7');
    expect(shown(createElement(LogRow, { entry: stderr, ...row }))).toContain('stderrready⟦ESC⟧[1A⟦ESC⟧[2K⟦RLO⟧ko');
  });

  it('a row’s detail: the method, and the message as JSON', () => {
    const text = shown(createElement(LogDetail, { entry: request }));
    expect(text).toContain('received request · sampling/⟦RLO⟧x · id 7');
    expect(text).toContain('"uri": "skill://a⟦RLO⟧b"');
    expect(shown(createElement(LogDetail, { entry: stderr }))).toContain('ready⟦ESC⟧[1A⟦ESC⟧[2K⟦RLO⟧ko');
  });

  it('a pair: the method and the params summed up inline, and its detail', () => {
    const pair: LogPair = { entry: request, request, status: 'pending', summary: `skill://a${RLO}b` };
    expect(shown(createElement(PairRow, { pair, ...row }))).toContain('no answer yetsampling/⟦RLO⟧x skill://a⟦RLO⟧b #7');
    const detail = shown(createElement(PairDetail, { serverId: 's1', pair }));
    expect(detail).toContain('sampling/⟦RLO⟧x · id 7 · no answer yet');
    expect(detail).toContain('"method": "sampling/⟦RLO⟧x"');
  });
});
