// The secrets a server already has, in the edit form: each shows as set, with
// Replace and Remove. The value itself never comes to the renderer (the main
// process keeps it in the keychain), so there is nothing to show or copy.
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { OAUTH_CLIENT_SECRET_FIELD, secretFieldLabel, type SecretField } from '../../../../shared/secret-fields.js';
import { secretFits, type SecretEdit, type ServerFormValues } from './server-form-model.js';

type OnEdit = (field: string, edit: SecretEdit) => void;

export function StoredSecrets({ values, onEdit }: { values: ServerFormValues; onEdit: OnEdit }) {
  // The OAuth client secret shows with the other OAuth settings (OAuthFields); a secret argument or
  // URL part as its reference in the Arguments or URL field (type over it to replace, delete it to remove).
  const fields = values.storedSecrets.filter((f) => f !== OAUTH_CLIENT_SECRET_FIELD && !f.startsWith('arg:') && !f.startsWith('url:') && secretFits(f, values.kind, values.auth));
  if (fields.length === 0) return null;
  return (
    <Stack gap={6} data-stored-secrets>
      <Text size="sm" fw={500}>
        Stored secrets
      </Text>
      <Text size="xs" c="dimmed">
        Kept in the system keychain, never shown again. Replace one to send a new value, or remove it.
      </Text>
      {fields.map((field) => (
        <StoredSecretRow key={field} field={field} edit={values.secretEdits[field] ?? { action: 'keep' }} onEdit={onEdit} />
      ))}
    </Stack>
  );
}

/** One stored secret: set, with Replace and Remove; a replacement's new value is typed here. */
export function StoredSecretRow({ field, edit, onEdit }: { field: string; edit: SecretEdit; onEdit: OnEdit }) {
  const label = secretFieldLabel(field as SecretField);
  return (
    <Stack gap={4} data-secret-field={field} data-secret-state={edit.action === 'keep' ? 'set' : edit.action}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" className="mono">
          {label} · {edit.action === 'keep' ? 'set' : edit.action === 'remove' ? 'will be removed' : 'will be replaced'}
        </Text>
        <Group gap={4} wrap="nowrap">
          {edit.action === 'keep' ? (
            <>
              <Button size="compact-xs" variant="default" onClick={() => onEdit(field, { action: 'replace', value: '' })} data-action="replace-secret" aria-label={`Replace ${label}`}>
                Replace
              </Button>
              <Button size="compact-xs" variant="default" color="red" onClick={() => onEdit(field, { action: 'remove' })} data-action="remove-secret" aria-label={`Remove ${label}`}>
                Remove
              </Button>
            </>
          ) : (
            <Button size="compact-xs" variant="default" onClick={() => onEdit(field, { action: 'keep' })} data-action="keep-secret" aria-label={`Keep the stored ${label}`}>
              Keep stored value
            </Button>
          )}
        </Group>
      </Group>
      {edit.action === 'replace' ? (
        <PasswordInput aria-label={`New value for ${label}`} placeholder="New value" value={edit.value} onChange={(e) => onEdit(field, { action: 'replace', value: e.currentTarget.value })} data-field={`secret:${field}`} />
      ) : null}
    </Stack>
  );
}
