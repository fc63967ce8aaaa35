// How the import preview shows a server's command or URL: each argument or URL
// part the app will keep as a secret (shared/secret-args.ts, by the catalog's
// own rule) masked, as ImportSettings masks env and header values. It used to
// show `--api-key sk-live-…` and `https://user:pass@host` as they were.
import type { TransportConfig } from '../../../../shared/model.js';
import { maskReferences, SECRET_MASK } from '../../../../shared/secret-args.js';
import { splitSecrets } from '../../../../shared/secret-fields.js';

export { SECRET_MASK };

export function describeTransport(transport: TransportConfig | undefined): string {
  if (!transport) return '';
  const t = splitSecrets(transport).transport;
  if (t.kind === 'stdio') return [t.command, ...t.args.map((arg) => maskReferences(arg, SECRET_MASK))].join(' ');
  return `${t.kind === 'http' ? 'HTTP' : 'SSE'} ${maskReferences(t.url, SECRET_MASK)}`;
}
