// An address as a message may repeat it (a diagnostic, the command's words,
// diff's side names): each part the app keeps as a secret (the password, a
// secret-named query parameter, a path segment that looks like a key:
// secret-args.ts splitUrl) shown as ••••••••, the rest as written. Messages
// used to quote the address as given, so `Nothing is listening at
// https://host/mcp/sk-live-…` put the key in a terminal or a CI log.
import { fillReferences, maskReferences, SECRET_MASK, splitUrl } from './secret-args.js';
import { isSecretName } from './secret-fields.js';

/** The address with its secret parts masked; `passwordAs` stands for the password (the command has always said `[secret]` there). */
export function shownUrl(url: string, passwordAs: string = SECRET_MASK): string {
  return maskReferences(fillReferences(splitUrl(url, isSecretName).url, { 'url:password': passwordAs }), SECRET_MASK);
}
