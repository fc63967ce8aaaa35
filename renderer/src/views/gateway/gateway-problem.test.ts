// The gateway view's notice when the gateway serves nothing because of a
// problem. A running gateway whose approvals.json is damaged serves no skills
// and says why; the notice was titled "The gateway is off" beside a green
// "Running" badge and the address hosts still reach. The title now says what
// is true for the state: off only when it is off.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { shownOnScreen as shown } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; this view only imports it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { GatewayProblem } = await import('./GatewayDialog.js');

const DAMAGED = 'The gateway serves no skills: /data/approvals.json is not a file the app wrote: it is not valid JSON (PropertyNameExpected at line 9, column 7).';

describe('the gateway view’s notice of a problem', () => {
  it('running (or paused) and serving nothing because approvals.json is damaged: says it serves no skills, not that it is off', () => {
    for (const state of ['running', 'paused'] as const) {
      expect(shown(createElement(GatewayProblem, { state, problem: DAMAGED }))).toBe(`The gateway serves no approved skills${DAMAGED}`);
    }
  });

  it('off because it could not start: says it is off', () => {
    const problem = 'The in-app gateway could not start: listen EADDRINUSE 127.0.0.1:0';
    expect(shown(createElement(GatewayProblem, { state: 'off', problem }))).toBe(`The gateway is off${problem}`);
  });
});
