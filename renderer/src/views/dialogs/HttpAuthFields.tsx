// How the form signs in to an HTTP or SSE server: not at all, with a bearer
// token, or with OAuth through the browser. A stored bearer token or client
// secret shows as set (replace · remove); its value never comes back here.
import { PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { OAUTH_CLIENT_SECRET_FIELD } from '../../../../shared/secret-fields.js';
import { StoredSecretRow } from './StoredSecrets.js';
import type { AuthChoice, FormErrors, SecretEdit, ServerFormValues } from './server-form-model.js';

interface Props {
  values: ServerFormValues;
  errors: FormErrors;
  set: <K extends keyof ServerFormValues>(field: K, value: ServerFormValues[K]) => void;
  onEdit: (field: string, edit: SecretEdit) => void;
}

export function HttpAuthFields({ values, errors, set, onEdit }: Props) {
  return (
    <Stack gap="xs" data-auth-choice={values.auth}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="auth-choice-label">
          Authentication
        </Text>
        <SegmentedControl
          aria-labelledby="auth-choice-label"
          value={values.auth}
          onChange={(v) => set('auth', v as AuthChoice)}
          data={[
            { value: 'none', label: 'None' },
            { value: 'bearer', label: 'Bearer token' },
            { value: 'oauth', label: 'OAuth sign-in' },
          ]}
          data-field="auth"
        />
      </Stack>
      {values.auth === 'bearer' && !values.storedSecrets.includes('bearerToken') ? (
        <PasswordInput label="Bearer token" description="Sent as Authorization: Bearer …; kept in the system keychain, never shown again." value={values.bearerToken} onChange={(e) => set('bearerToken', e.currentTarget.value)} error={errors.bearerToken} data-field="bearerToken" />
      ) : null}
      {values.auth === 'oauth' ? <OAuthFields values={values} errors={errors} set={set} onEdit={onEdit} /> : null}
    </Stack>
  );
}

function OAuthFields({ values, errors, set, onEdit }: Props) {
  const storedSecret = values.storedSecrets.includes(OAUTH_CLIENT_SECRET_FIELD);
  return (
    <Stack gap="xs" data-oauth-fields>
      <Text size="xs" c="dimmed">
        After saving, Sign in opens the server's authorization page in your browser; the tokens are kept in the system keychain and never shown.
      </Text>
      <TextInput
        label="Client ID"
        description="Optional. Leave it empty and the app registers itself with the authorization server (dynamic client registration); enter one for a client registered beforehand (redirect URI http://127.0.0.1/callback, any port)."
        value={values.oauthClientId}
        onChange={(e) => set('oauthClientId', e.currentTarget.value)}
        error={errors.oauthClientId}
        className="mono-input"
        data-field="oauthClientId"
      />
      {storedSecret ? (
        <StoredSecretRow field={OAUTH_CLIENT_SECRET_FIELD} edit={values.secretEdits[OAUTH_CLIENT_SECRET_FIELD] ?? { action: 'keep' }} onEdit={onEdit} />
      ) : (
        <PasswordInput label="Client secret" description="Optional, for a pre-registered confidential client. Kept in the system keychain, never shown again." value={values.oauthClientSecret} onChange={(e) => set('oauthClientSecret', e.currentTarget.value)} error={errors.oauthClientSecret} data-field="oauthClientSecret" />
      )}
      <TextInput
        label="Scopes"
        description="Optional, separated by spaces. Empty: the scopes the server's metadata names."
        placeholder="mcp:read skills:read"
        value={values.oauthScopes}
        onChange={(e) => set('oauthScopes', e.currentTarget.value)}
        error={errors.oauthScopes}
        className="mono-input"
        data-field="oauthScopes"
      />
    </Stack>
  );
}
