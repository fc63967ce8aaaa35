// What "Test connection" found, in place under the form: the server's own
// name and protocol version when it answered, the diagnostic's title and hint
// when it did not. Nothing was saved either way. All of it is the server's
// words (or quotes them): drawn with invisible and bidi characters marked.
import { Alert, Loader, Group, Text } from '@mantine/core';
import type { ConnectionTest } from '../../../../shared/api.js';
import { InvisibleText } from '../../components/InvisibleText.js';

export function ConnectionTestResult({ test }: { test: { running: true } | { result: ConnectionTest } | { error: string } }) {
  if ('running' in test) {
    return (
      <Group gap="xs" data-connection-test="running">
        <Loader size="xs" />
        <Text size="sm">Connecting, to test…</Text>
      </Group>
    );
  }
  if ('error' in test) {
    return (
      <Alert color="red" variant="light" title="Could not test" data-connection-test="error" role="alert">
        <InvisibleText text={test.error} />
      </Alert>
    );
  }
  const { result } = test;
  if (result.status === 'connected') {
    const name = result.selfReported ? `${result.selfReported.title ?? result.selfReported.name} ${result.selfReported.version}` : 'the server';
    return (
      <Alert color="green" variant="light" title="Connected" data-connection-test="connected">
        <Text size="sm" data-test-detail>
          <InvisibleText text={name} identifier /> (self-reported) answered, protocol version {result.protocolVersion ?? 'unknown'}. Disconnected again; nothing was saved.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title={<InvisibleText text={result.error?.title ?? 'Did not connect'} identifier />} data-connection-test="failed" role="alert">
      {result.error?.detail ? (
        <Text size="sm" className="mono" style={{ overflowWrap: 'anywhere' }}>
          <InvisibleText text={result.error.detail} />
        </Text>
      ) : null}
      {result.error?.hint ? (
        <Text size="sm" mt={4} data-test-hint>
          <InvisibleText text={result.error.hint} />
        </Text>
      ) : null}
    </Alert>
  );
}
