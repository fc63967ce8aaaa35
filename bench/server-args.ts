// How a measured run (the engine's, the floor's) is told which catalog server
// to talk to: the same flags for both, so both reach the same server alike.
import type { TransportConfig } from '../shared/model.js';

/** For parseArgs: `--transport stdio|http`, then `--command` and `--args` (JSON) or `--url`. */
export const SERVER_OPTIONS = {
  transport: { type: 'string' },
  command: { type: 'string' },
  args: { type: 'string', default: '[]' },
  url: { type: 'string' },
} as const;

export function serverTransport(values: { transport?: string | undefined; command?: string | undefined; args: string; url?: string | undefined }): TransportConfig {
  return values.transport === 'http'
    ? { kind: 'http', url: values.url ?? '', headers: {} }
    : { kind: 'stdio', command: values.command ?? process.execPath, args: JSON.parse(values.args) as string[], env: {} };
}
