// What a server's Overview and a served skill's Provenance both say about the
// server: how the app reaches it, what it says it is (self-reported), and the
// protocol era it speaks.
import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ConnectionSnapshot, ServerView } from '../../../../shared/model.js';
import { FactRow } from '../../components/FactTable.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { UriText } from '../../components/UriText.js';
import { maskReferences } from '../../../../shared/secret-args.js';
import { SECRET_MASK } from '../dialogs/import-shown.js';

/** Three rows of a facts table; `unknown` is what they say of what only a connection tells (a removed server is `undefined`). */
export function ConnectionFactRows({ server, unknown }: { server: ServerView | undefined; unknown: string }) {
  return (
    <>
      <FactRow label="How the app reaches it">{transportSummary(server)}</FactRow>
      <FactRow label="Server says it is">
        <SelfReportedIdentity connection={server?.connection} unknown={unknown} />
      </FactRow>
      <FactRow label="Protocol era">
        <ProtocolEraText connection={server?.connection} unknown={unknown} />
      </FactRow>
    </>
  );
}

function transportSummary(server: ServerView | undefined): ReactNode {
  if (!server) return <Text size="xs" c="dimmed">server removed</Text>;
  if (server.config.builtin === 'demo') return <Text size="xs">the bundled sample server (stdio, started by the app)</Text>;
  const t = server.config.transport;
  // A secret argument or URL part is stored as a reference (⟦secret:url:password⟧); shown masked, as the import preview shows it.
  const masked = (text: string) => maskReferences(text, SECRET_MASK);
  if (t.kind === 'stdio') {
    return (
      <Stack gap={2}>
        <Text size="xs">stdio: the app starts this command</Text>
        {/* Wrapped: a long command (paths, many flags) kept on one line widened its table past the pane, cut off at the window's edge. */}
        <Code block className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {[t.command, ...t.args.map(masked).map((a) => (/\s/.test(a) ? JSON.stringify(a) : a))].join(' ')}
        </Code>
        {t.cwd ? <Text size="xs">in {t.cwd}</Text> : null}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="xs">{t.kind === 'http' ? 'Streamable HTTP' : 'Server-Sent Events (legacy)'}</Text>
      <Text size="xs" className="mono" style={{ overflowWrap: 'anywhere' }}>
        <UriText uri={masked(t.url)} />
      </Text>
      {t.auth?.type === 'oauth' ? (
        <Text size="xs" data-auth="oauth">
          signs in with OAuth (see Authorization)
        </Text>
      ) : t.bearerToken || server.config.secrets?.includes('bearerToken') ? (
        <Text size="xs" data-auth="bearer">
          with a bearer token (kept in the system keychain)
        </Text>
      ) : null}
    </Stack>
  );
}

function SelfReportedIdentity({ connection, unknown }: { connection: ConnectionSnapshot | undefined; unknown: string }) {
  const self = connection?.selfReported;
  if (!self) {
    return (
      <Text size="xs" c="dimmed">
        {unknown}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      <Text size="xs" className="mono" data-self-reported>
        <InvisibleText text={self.name} identifier /> <InvisibleText text={self.version} identifier />
        {self.title ? (
          <>
            {' — '}
            <InvisibleText text={self.title} identifier />
          </>
        ) : null}
      </Text>
      <Badge size="xs" variant="outline" color="gray">
        self-reported
      </Badge>
    </Group>
  );
}

function ProtocolEraText({ connection, unknown }: { connection: ConnectionSnapshot | undefined; unknown: string }) {
  if (!connection?.era) {
    return (
      <Text size="xs" c="dimmed">
        {unknown}
      </Text>
    );
  }
  return (
    <Text size="xs" data-era={connection.era}>
      {connection.era === 'modern' ? 'Current (server/discover, stateless)' : 'Legacy (initialize handshake)'}
      {connection.protocolVersion ? <span className="mono"> — {connection.protocolVersion}</span> : null}
    </Text>
  );
}
