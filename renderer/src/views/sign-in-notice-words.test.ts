// The notice that waits for a sign-in names the server by its label, quoted,
// as a name is. When the server is no longer in this window's list (removed
// here or in another window), there is no name to quote: the notice says
// "a server no longer in your list" plainly, not 'Sign in to “a server no
// longer in your list”'. Drawn statically.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ServerView } from '../../../shared/model.js';
import type { AuthorizationPage } from '../state/oauth.js';

// api.ts opens the browser-mode bridge when loaded; the notice only imports it.
vi.mock('../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined, mode: 'browser' }, errorMessage: String }));

const { shownOnScreen } = await import('../components/static-markup.js');
const { PageNotice, serverInSentence } = await import('./AuthorizationPageNotices.js');

const WORK_ID = '3f0c2a8e-5b7d-4e1a-9c6f-2d8b1e4a7c90';
const GONE_ID = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const work = {
  config: { id: WORK_ID, label: 'Team tools', transport: { kind: 'http', url: 'https://mcp.example/', headers: {} }, createdAt: '2026-01-01T00:00:00.000Z' },
  connection: { serverId: WORK_ID, status: 'connected' },
  skillCount: 0,
} as unknown as ServerView;

function page(serverId: string, tab: AuthorizationPage['tab']): AuthorizationPage {
  return { serverId, url: 'https://auth.example/authorize', tab, seenSigningIn: false };
}

function said(serverId: string, tab: AuthorizationPage['tab']): string {
  return shownOnScreen(createElement(PageNotice, { page: page(serverId, tab) }));
}

describe('the sign-in notice names its server', () => {
  // A static render reads the stores as they start (no server), so the listed case is the words alone.
  it('by its label, quoted, while the server is in the list', () => {
    expect(serverInSentence(work)).toBe('“Team tools”');
  });

  it('in plain words, unquoted, once the server is no longer in the list', () => {
    expect(said(GONE_ID, 'opened')).toContain('Sign in to a server no longer in your list on the authorization page opened in a new tab;');
    expect(said(GONE_ID, 'blocked')).toContain('Open the authorization page to sign in to a server no longer in your list:');
    expect(said(GONE_ID, 'not-opened')).toContain('A sign-in to a server no longer in your list was started in another window.');
    expect(said(GONE_ID, 'system-browser')).toContain('Sign in to a server no longer in your list on the authorization page the app opened in your browser;');
    expect(said(GONE_ID, 'refused')).toContain('The sign-in to a server no longer in your list was given a page');
    for (const tab of ['opened', 'blocked', 'not-opened', 'system-browser', 'refused'] as const) expect(said(GONE_ID, tab)).not.toMatch(/[“”]/);
  });
});
