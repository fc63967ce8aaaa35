// Whether the text of a secret-store entry reads as a sign-in record
// (oauth-record.ts OAuthRecord). The entry is the app's own, but a store can
// hand back anything: text cut short, garbled by a sync, written by another
// version or another program. Read as a record regardless, `null` threw on
// every read and a token that is no string was sent as a bearer token; each
// is now an unreadable sign-in, said. What is wrong is named by field only:
// the text may hold a token, so none of it is quoted (JSON.parse's message
// quotes it).
import type { OAuthRecord } from './oauth-record.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The record, or what keeps the text from being one ("it is not JSON", "its \"tokens\" is not …"). */
export function recordOf(text: string): { record: OAuthRecord } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'it is not JSON' };
  }
  if (!isObject(value)) return { problem: 'it is not a JSON object' };
  const tokens = value['tokens'];
  if (tokens !== undefined && !(isObject(tokens) && typeof tokens['access_token'] === 'string')) return { problem: 'its "tokens" is not an object with an access_token' };
  const client = value['client'];
  if (client !== undefined && !(isObject(client) && typeof client['client_id'] === 'string')) return { problem: 'its "client" is not an object with a client_id' };
  for (const field of ['codeVerifier', 'scopeWanted', 'boundTo'] as const) {
    if (value[field] !== undefined && typeof value[field] !== 'string') return { problem: `its "${field}" is not text` };
  }
  if (value['tokensSavedAt'] !== undefined && !Number.isFinite(value['tokensSavedAt'])) return { problem: 'its "tokensSavedAt" is not a number' };
  if (value['refreshRefused'] !== undefined && typeof value['refreshRefused'] !== 'boolean') return { problem: 'its "refreshRefused" is not true or false' };
  return { record: value as OAuthRecord };
}
