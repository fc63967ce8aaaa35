// Errors shown where they happened: what, why, what to do — never a blank panel.
// A message may quote a server (its error, its stderr, a skill's name): drawn
// with every invisible or bidi character as a mark.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Diagnostic } from '../../../shared/model.js';
import { InvisibleText } from './InvisibleText.js';

export function ErrorNotice({ title, message, onRetry, retryLabel = 'Try again', children }: { title: string; message: string; onRetry?: () => void; retryLabel?: string; children?: ReactNode }) {
  return (
    <Alert color="red" variant="light" title={<InvisibleText text={title} identifier />} icon={<IconAlertCircle size={18} />} role="alert" data-error-notice>
      <Stack gap={6}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <InvisibleText text={message} />
        </Text>
        {children}
        {onRetry ? (
          <Group>
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {retryLabel}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** A connection diagnostic: title, the detail (exit code, stderr, HTTP status…), and the hint. A connection lost while up says so itself; "could not connect" would contradict it. */
export function DiagnosticNotice({ diagnostic, heading, actions }: { diagnostic: Diagnostic; heading?: string; actions?: ReactNode }) {
  return (
    <Alert color="red" variant="light" title={<InvisibleText text={heading && !diagnostic.whileConnected ? `${heading}: ${diagnostic.title}` : diagnostic.title} identifier />} icon={<IconAlertCircle size={18} />} role="alert" data-diagnostic={diagnostic.code}>
      <Stack gap={6}>
        {diagnostic.detail ? (
          <Text size="sm" className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <InvisibleText text={diagnostic.detail} />
          </Text>
        ) : null}
        {diagnostic.hint ? (
          <Text size="sm">
            <Text span fw={600} size="sm">
              What to do:{' '}
            </Text>
            <InvisibleText text={diagnostic.hint} />
          </Text>
        ) : null}
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Stack>
    </Alert>
  );
}

/** The error before the current connection, kept while the server is up again: quieter than a failure, the same words. */
export function LastErrorNotice({ diagnostic }: { diagnostic: Diagnostic }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={<InvisibleText text={`Last error (before the current connection): ${diagnostic.title}`} identifier />} data-last-error={diagnostic.code}>
      <Text size="xs" className="mono" style={{ whiteSpace: 'pre-wrap' }}>
        <InvisibleText text={diagnostic.detail} />
      </Text>
      {diagnostic.hint ? (
        <Text size="xs">
          What to do: <InvisibleText text={diagnostic.hint} />
        </Text>
      ) : null}
    </Alert>
  );
}
