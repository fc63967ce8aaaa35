// Errors shown where they happened: what, why, what to do — never a blank panel.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Diagnostic } from '../../../shared/model.js';

export function ErrorNotice({ title, message, onRetry, retryLabel = 'Try again', children }: { title: string; message: string; onRetry?: () => void; retryLabel?: string; children?: ReactNode }) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle size={18} />} role="alert" data-error-notice>
      <Stack gap={6}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message}
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
    <Alert color="red" variant="light" title={heading && !diagnostic.whileConnected ? `${heading}: ${diagnostic.title}` : diagnostic.title} icon={<IconAlertCircle size={18} />} role="alert" data-diagnostic={diagnostic.code}>
      <Stack gap={6}>
        {diagnostic.detail ? (
          <Text size="sm" className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {diagnostic.detail}
          </Text>
        ) : null}
        {diagnostic.hint ? (
          <Text size="sm">
            <Text span fw={600} size="sm">
              What to do:{' '}
            </Text>
            {diagnostic.hint}
          </Text>
        ) : null}
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Stack>
    </Alert>
  );
}
