// A renewal the authorization server did not answer (unreachable, HTTP 5xx)
// was said only in the connection's diagnostic: the server's overview card
// read "Signed in … renews by itself" as if all were well. The card now says
// the last renewal failed and that the sign-in is kept. Drawn statically.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ServerView } from '../../../../shared/model.js';
import type { OAuthStatus } from '../../../../shared/oauth-model.js';

// api.ts opens the browser-mode bridge when loaded; the card only imports it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined, mode: 'browser' }, errorMessage: String }));

const { shownOnScreen } = await import('../../components/static-markup.js');
const { AuthorizationCard } = await import('./AuthorizationCard.js');

const ID = '3f0c2a8e-5b7d-4e1a-9c6f-2d8b1e4a7c90';
const SIGNED_IN: OAuthStatus = { serverId: ID, signedIn: true, signingIn: false, scopes: ['read'], expiresAt: '2026-12-07T10:00:00.000Z', refreshable: true, issuer: 'https://auth.example' };

function cardFor(oauth: OAuthStatus): string {
  const server = {
    config: { id: ID, label: 'Team tools', transport: { kind: 'http', url: 'https://mcp.example/', headers: {}, auth: { type: 'oauth' } }, createdAt: '2026-01-01T00:00:00.000Z' },
    connection: { serverId: ID, status: 'failed' },
    skillCount: 0,
    oauth,
  } as unknown as ServerView;
  return shownOnScreen(createElement(AuthorizationCard, { server }));
}

const SAID =
  'The authorization server did not renew the token at the last connection: it could not be reached or it failed (not a refusal). The sign-in is kept: the app renews it at the next connection once the authorization server answers.';

describe('a renewal that failed, on the overview card', () => {
  it('is said beside the sign-in, which is kept', () => {
    const shown = cardFor({ ...SIGNED_IN, renewalFailed: true });
    expect(shown).toContain(`Renewal${SAID}`);
    expect(shown).toContain('Signed in');
  });

  it('is not said when the last renewal went through', () => {
    expect(cardFor(SIGNED_IN)).not.toContain('did not renew');
  });
});
