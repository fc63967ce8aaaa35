// What an imported server is given besides its command (env for stdio,
// headers for HTTP), as the import preview shows it: each value the app will
// keep as a secret masked, and a line naming those fields, so the user sees
// before importing what goes to the secret store and what to servers.json in
// clear. The rule is the catalog's own (splitSecrets, shared/secret-fields.ts).
import { Text } from '@mantine/core';
import type { TransportConfig } from '../../../../shared/model.js';
import { secretFieldLabel, splitSecrets, type SecretField } from '../../../../shared/secret-fields.js';
import { InvisibleText } from '../../components/InvisibleText.js';
import { SECRET_MASK as MASK } from './import-shown.js';

export function ImportSettings({ transport }: { transport: TransportConfig | undefined }) {
  if (!transport) return null;
  const secret = Object.keys(splitSecrets(transport).secrets) as SecretField[];
  const kept = new Set<string>(secret);
  const stdio = transport.kind === 'stdio';
  const pairs = Object.entries(stdio ? transport.env : transport.headers).map(([name, value]) => ({ name, value, masked: kept.has(`${stdio ? 'env' : 'header'}:${name}`) }));
  return (
    <>
      {pairs.map((p) => (
        <Text key={p.name} size="xs" c="dimmed" className="mono" data-import-setting={p.name} data-masked={p.masked || undefined}>
          <InvisibleText text={p.name} identifier />
          {stdio ? '=' : ': '}
          <InvisibleText text={p.masked ? MASK : p.value} identifier />
        </Text>
      ))}
      {secret.length > 0 ? (
        <Text size="xs" c="dimmed" data-import-secrets={secret.join(' ')}>
          Kept secret (in the secret store, not in servers.json):{' '}
          {secret.map((field, i) => (
            <span key={field}>
              {i > 0 ? ', ' : ''}
              <InvisibleText text={secretFieldLabel(field)} identifier />
            </span>
          ))}
        </Text>
      ) : null}
    </>
  );
}
