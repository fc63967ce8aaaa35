// The Sign in button a connection's diagnostic offers when a sign-in is the
// fix: no token yet, a refresh refused, or a server asking for more scope.
import { Button } from '@mantine/core';
import type { ServerView } from '../../../shared/model.js';
import { SIGN_IN_CODES, useOAuth } from '../state/oauth.js';
import { serverActions } from './server-actions.js';

export function SignInAction({ server }: { server: ServerView }) {
  const id = server.config.id;
  const running = useOAuth((s) => Boolean(s.running[id]));
  const code = server.connection.error?.code;
  if (!server.oauth || !code || !SIGN_IN_CODES.has(code)) return null;
  const busy = running || server.oauth.signingIn;
  return (
    <Button size="xs" color="red" loading={busy} onClick={() => serverActions.signIn(id)} data-action="diagnostic-sign-in">
      {code === 'oauth-insufficient-scope' || server.oauth.signedIn ? 'Sign in again' : 'Sign in'}
    </Button>
  );
}
