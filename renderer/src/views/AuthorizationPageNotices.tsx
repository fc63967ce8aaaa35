// While a sign-in waits for the browser: where to continue, the address (to
// copy, or to click when the browser blocked the new tab), Open again in the
// desktop app, and Cancel. The address is the authorization server's page;
// it carries no secret (the PKCE verifier never leaves the main process).
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ServerView } from '../../../shared/model.js';
import { CopyIcon } from '../components/JsonView.js';
import { UriText } from '../components/UriText.js';
import { useApp } from '../state/app.js';
import { useOAuth, type AuthorizationPage } from '../state/oauth.js';
import { SERVER_NOT_LISTED, serverById, useServers } from '../state/servers.js';
import { serverActions } from './server-actions.js';
import { shownName } from '../components/shown-text.js';

export function AuthorizationPageNotices() {
  const pages = useOAuth((s) => s.pages);
  const list = Object.values(pages);
  if (list.length === 0) return null;
  return (
    <div className="authorization-notices" aria-live="polite">
      <Stack gap="xs">
        {list.map((page) => (
          <PageNotice key={page.serverId} page={page} />
        ))}
      </Stack>
    </div>
  );
}

const TITLES: Record<AuthorizationPage['tab'], string> = {
  opened: 'Continue in the new tab',
  blocked: 'Your browser blocked the new tab',
  'not-opened': 'Sign-in waiting',
  'system-browser': 'Continue in your browser',
  refused: 'The authorization page has an address that cannot be opened',
};

/** The server as a sentence names it: its label is a name, so quoted; a server no longer in the list has only a description, said plainly. */
export function serverInSentence(server: ServerView | undefined): string {
  return server ? `“${shownName(server.config.label)}”` : SERVER_NOT_LISTED;
}

export function PageNotice({ page }: { page: AuthorizationPage }) {
  const label = serverInSentence(useServers((s) => serverById(s.servers, page.serverId)));
  const openExternal = useApp((s) => s.openExternal);
  const { tab, url, serverId } = page;
  const clickable = tab === 'blocked' || tab === 'not-opened' || tab === 'opened';
  return (
    <Alert color={tab === 'refused' ? 'red' : 'blue'} variant="light" title={TITLES[tab]} data-authorization-page={serverId} data-page-tab={tab} withCloseButton={false}>
      <Stack gap={6}>
        <Text size="sm">
          {tab === 'opened' && <>Sign in to {label} on the authorization page opened in a new tab; this window updates when you are done.</>}
          {tab === 'blocked' && <>Open the authorization page to sign in to {label}:</>}
          {tab === 'not-opened' && <>A sign-in to {label} was started in another window. Open its authorization page here:</>}
          {tab === 'system-browser' && <>Sign in to {label} on the authorization page the app opened in your browser; this window updates when you are done.</>}
          {tab === 'refused' && <>The sign-in to {label} was given a page that is not an http(s) address, so it was not opened. Cancel it.</>}
        </Text>
        <Group gap={4} wrap="nowrap">
          {clickable ? (
            <Anchor href={url} target="_blank" rel="noopener noreferrer" size="xs" className="mono" style={{ overflowWrap: 'anywhere' }} data-authorization-link>
              <UriText uri={url} />
            </Anchor>
          ) : (
            <Text size="xs" className="mono" style={{ overflowWrap: 'anywhere' }} data-authorization-address>
              <UriText uri={url} />
            </Text>
          )}
          {tab !== 'refused' ? <CopyIcon value={url} label="Copy the address" /> : null}
        </Group>
        <Group gap="xs">
          {tab === 'system-browser' ? (
            <Button size="compact-sm" variant="default" leftSection={<IconExternalLink size={14} />} onClick={() => void openExternal(url)} data-action="open-authorization-again">
              Open again
            </Button>
          ) : null}
          <Button size="compact-sm" variant="default" onClick={() => serverActions.cancelSignIn(serverId)} data-action="cancel-authorization">
            Cancel sign-in
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
