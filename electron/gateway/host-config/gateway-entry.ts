// The server entry a host starts the gateway with: `skill-inspector gateway`
// over stdio, reading the app's data folder. stdio, not the in-app HTTP
// endpoint, because every host supports it and it keeps working with the app
// closed (the command reads the approvals and snapshots itself).
import type { TransportConfig } from '../../../shared/model.js';
import type { EntryShape } from './host-files.js';

/** How to start `skill-inspector gateway` on this install. */
export interface GatewayLaunch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/** The name the entry goes under in every host file. */
export const GATEWAY_ENTRY_NAME = 'skill-inspector';

export function gatewayEntry(launch: GatewayLaunch, shape: EntryShape): Record<string, unknown> {
  const env = launch.env && Object.keys(launch.env).length > 0 ? { env: { ...launch.env } } : {};
  const body = { command: launch.command, args: [...launch.args], ...env };
  return shape === 'typed' ? { type: 'stdio', ...body } : body;
}

/** What "Copy the snippet" copies: the entry inside the host's servers object, as it would be pasted. */
export function gatewaySnippet(launch: GatewayLaunch, shape: EntryShape, serversKey: string): string {
  return `${JSON.stringify({ [serversKey]: { [GATEWAY_ENTRY_NAME]: gatewayEntry(launch, shape) } }, null, 2)}\n`;
}

/**
 * The gateway's launch from the demo server's (`<runtime> cli.js demo-server`,
 * with ELECTRON_RUN_AS_NODE in the app): the same runtime and cli.js, the
 * `gateway` command over the app's data folder. Without a cli.js to point at,
 * the `skill-inspector` command on the PATH.
 */
export function gatewayLaunchFor(demo: TransportConfig, dataDir: string): GatewayLaunch {
  const gateway = ['gateway', '--data-dir', dataDir];
  if (demo.kind === 'stdio' && demo.args.at(-1) === 'demo-server' && demo.args.length === 2) {
    return { command: demo.command, args: [demo.args[0]!, ...gateway], ...(Object.keys(demo.env).length > 0 ? { env: demo.env } : {}) };
  }
  return { command: 'skill-inspector', args: gateway };
}
