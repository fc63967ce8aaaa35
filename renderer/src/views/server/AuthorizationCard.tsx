// What a server's OAuth sign-in allows, on its overview: signed in or not
// (or signed in before, the secret store no longer giving that sign-in), the scopes granted, until when, by which authorization server and as which
// client; Sign in, Sign in again (more scope), Sign out, Cancel. Only what
// OAuthStatus says: the renderer never holds a token.
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ServerView } from '../../../../shared/model.js';
import { lostSignInWords } from '../../../../shared/lost-sign-in.js';
import type { OAuthStatus } from '../../../../shared/oauth-model.js';
import { DiagnosticNotice } from '../../components/ErrorNotice.js';
import { FactRow as Row } from '../../components/FactTable.js';
import { formatTime } from '../../components/format-time.js';
import { relativeTime } from '../../components/relative-time.js';
import { useOAuth } from '../../state/oauth.js';
import { serverActions } from '../server-actions.js';
import { shownName } from '../../components/shown-text.js';

export function AuthorizationCard({ server }: { server: ServerView }) {
  const id = server.config.id;
  const oauth = server.oauth;
  const running = useOAuth((s) => Boolean(s.running[id]));
  const failure = useOAuth((s) => s.failures[id]);
  const [confirming, setConfirming] = useState(false);
  if (!oauth) return null;
  const signingIn = oauth.signingIn || running;
  const lost = oauth.signedIn ? undefined : oauth.lostSignIn;
  const state = signingIn ? 'signing-in' : oauth.signedIn ? 'signed-in' : lost ? 'sign-in-lost' : 'signed-out';

  return (
    <Stack gap={6} data-authorization={state}>
      <Group gap={6}>
        <Title order={3} size="h6">
          Authorization <Text span size="xs" c="dimmed" fw={400}>(OAuth sign-in)</Text>
        </Title>
        <Badge size="sm" variant="light" color={state === 'signed-in' ? 'green' : state === 'signing-in' ? 'blue' : state === 'sign-in-lost' ? 'orange' : 'gray'} data-oauth-state={state}>
          {state === 'signed-in' ? 'Signed in' : state === 'signing-in' ? 'Signing in…' : state === 'sign-in-lost' ? (lost?.problem === 'missing' ? 'Sign-in missing' : 'Sign-in unreadable') : 'Not signed in'}
        </Badge>
      </Group>
      <Table withTableBorder fz="xs" verticalSpacing={6}>
        <Table.Tbody>
          {signingIn ? (
            <Row label="Sign-in">
              <Text size="xs">Waiting for the authorization page in the browser: finish it there, or cancel.</Text>
            </Row>
          ) : null}
          {oauth.signedIn ? <GrantRows oauth={oauth} /> : null}
          {oauth.signedIn && oauth.renewalFailed ? (
            <Row label="Renewal">
              <Text size="xs" c="orange" data-renewal-failed>
                The authorization server did not renew the token at the last connection: it could not be reached or it failed (not a refusal). The sign-in is kept: the app renews it at the next connection once the authorization server answers.
              </Text>
            </Row>
          ) : null}
          {lost && !signingIn ? (
            <Row label="Sign-in">
              <Text size="xs" data-lost-sign-in={lost.problem}>
                {lostSignInWords(lost)}
              </Text>
            </Row>
          ) : null}
          <Row label="Authorization server">
            {oauth.issuer ? (
              <Text size="xs" className="mono" style={{ overflowWrap: 'anywhere' }} data-issuer>
                {oauth.issuer}
              </Text>
            ) : (
              <Text size="xs" c="dimmed">
                found at the first sign-in (from the server's metadata)
              </Text>
            )}
          </Row>
          <Row label="Registration">
            <Registration oauth={oauth} />
          </Row>
          {oauth.scopeWanted && oauth.scopeWanted.length > 0 ? (
            <Row label="The server asks for">
              <Stack gap={4}>
                <Scopes scopes={oauth.scopeWanted} attribute="data-scope-wanted" />
                <Text size="xs">The token lacks these: sign in again to grant them.</Text>
              </Stack>
            </Row>
          ) : null}
        </Table.Tbody>
      </Table>
      {failure && failure.code === 'oauth-cancelled' ? (
        <Text size="xs" c="dimmed" data-sign-in-failure={failure.code}>
          Sign-in cancelled.
        </Text>
      ) : failure ? (
        <DiagnosticNotice heading="Sign-in failed" diagnostic={failure} />
      ) : null}
      {confirming ? (
        <Alert color="red" variant="light" title={`Sign out of “${shownName(server.config.label)}”?`} data-confirm="sign-out">
          <Text size="sm">
            {lost
              ? 'Nothing can be revoked with the authorization server: the token is gone from the secret store. The app clears its record of the sign-in and disconnects the server. Sign in again to reconnect.'
              : 'The app forgets the tokens (revoking them with the authorization server when it offers that) and disconnects the server. Sign in again to reconnect.'}
          </Text>
          <Group gap="xs" mt="xs">
            <Button
              size="compact-sm"
              color="red"
              onClick={() => {
                setConfirming(false);
                serverActions.signOut(id);
              }}
              data-action="confirm-sign-out"
            >
              Sign out
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
              {lost ? 'Cancel' : 'Stay signed in'}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Group gap={6}>
        {signingIn ? (
          <Button size="xs" variant="default" onClick={() => serverActions.cancelSignIn(id)} data-action="cancel-sign-in">
            Cancel sign-in
          </Button>
        ) : oauth.signedIn || lost ? (
          <>
            <Button size="xs" variant={oauth.scopeWanted?.length || lost ? 'filled' : 'default'} onClick={() => serverActions.signIn(id)} data-action="sign-in-again">
              Sign in again
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)} disabled={confirming} data-action="sign-out">
              Sign out…
            </Button>
          </>
        ) : (
          <Button size="xs" onClick={() => serverActions.signIn(id)} data-action="sign-in">
            Sign in
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function GrantRows({ oauth }: { oauth: OAuthStatus }) {
  return (
    <>
      <Row label="Scopes granted">
        {oauth.scopes && oauth.scopes.length > 0 ? (
          <Scopes scopes={oauth.scopes} attribute="data-scope" />
        ) : (
          <Text size="xs" c="dimmed">
            none named by the authorization server
          </Text>
        )}
      </Row>
      <Row label="Token expires">{oauth.expiresAt ? <Expiry expiresAt={oauth.expiresAt} refreshable={oauth.refreshable === true} /> : <Text size="xs" c="dimmed">no expiry given</Text>}</Row>
    </>
  );
}

function Scopes({ scopes, attribute }: { scopes: readonly string[]; attribute: 'data-scope' | 'data-scope-wanted' }) {
  return (
    <Group gap={4}>
      {scopes.map((scope) => (
        <Badge key={scope} size="sm" variant="outline" color="gray" tt="none" className="mono" {...{ [attribute]: scope }}>
          {scope}
        </Badge>
      ))}
    </Group>
  );
}

/** "in 9 minutes (2/12/2026, 10:40:00) · renews by itself", kept current while shown. */
function Expiry({ expiresAt, refreshable }: { expiresAt: string; refreshable: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const passed = new Date(expiresAt).getTime() <= now;
  return (
    <Text size="xs" data-expires-at={expiresAt} data-refreshable={refreshable}>
      {relativeTime(expiresAt, now) ?? expiresAt} ({formatTime(expiresAt)})
      {refreshable ? ' · renews by itself' : passed ? ' · ran out: sign in again' : ' · then sign in again (no refresh token)'}
    </Text>
  );
}

function Registration({ oauth }: { oauth: OAuthStatus }) {
  const client = oauth.clientId ? (
    <>
      {' '}
      · client ID <span className="mono">{oauth.clientId}</span>
    </>
  ) : null;
  if (oauth.registration === 'pre-registered') {
    return (
      <Text size="xs" data-registration="pre-registered">
        a client registered beforehand{client}
      </Text>
    );
  }
  if (oauth.registration === 'dynamic') {
    return (
      <Text size="xs" data-registration="dynamic">
        the app registered itself (dynamic client registration){client}
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed" data-registration="none-yet">
      {oauth.clientId ? <>client ID <span className="mono">{oauth.clientId}</span></> : 'none yet: the app registers itself at the first sign-in (dynamic client registration)'}
    </Text>
  );
}
