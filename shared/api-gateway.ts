// The gateway part of the contract: adding the gateway to a host's config
// ("Use in a host": preview, write with a backup, undo), and the in-app
// gateway's view (connected hosts, what each was served, pause).
import { z } from 'zod';
import { HOST_IDS, type GatewayStatus, type GatewayWithdrawal, type HostChoice, type HostConfigPreview, type HostId, type HostWriteResult } from './gateway-model.js';

const host = z.enum(HOST_IDS as [HostId, ...HostId[]]);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 is 64 lowercase hex digits');

export const GATEWAY_PARAMS = {
  /** The host config files the gateway can be added to, whether each exists, and the last write Undo can take back. */
  'gateway.hosts': z.object({}).strict(),
  /** Reads the host's file and says what Write would make of it (new text, diff); writes nothing. */
  'gateway.previewHost': z.object({ host }).strict(),
  /** Writes the gateway's entry into the host's file, keeping a copy of the old file beside it. `expectedSha256`: the preview's (null: there was no file); a file changed since is refused. */
  'gateway.writeHost': z.object({ host, expectedSha256: sha256.nullable() }).strict(),
  /** Puts the host's file back as it was before the last write, byte for byte; refused when the file was edited since. */
  'gateway.undoHost': z.object({ host }).strict(),
  /** The in-app gateway: where it listens, the hosts connected, what each was served. */
  'gateway.status': z.object({}).strict(),
  /** Pausing refuses every host (HTTP 503) and serves nothing until resumed. */
  'gateway.setPaused': z.object({ paused: z.boolean() }).strict(),
} as const satisfies Record<string, z.ZodType>;

export interface GatewayResults {
  'gateway.hosts': readonly HostChoice[];
  'gateway.previewHost': HostConfigPreview;
  'gateway.writeHost': HostWriteResult;
  'gateway.undoHost': { readonly host: HostId; readonly path: string; readonly removed: boolean };
  'gateway.status': GatewayStatus;
  'gateway.setPaused': GatewayStatus;
}

export interface GatewayEvents {
  'gateway.changed': GatewayStatus;
  /** An approved skill left the gateway because it changed upstream (its approval was withdrawn). */
  'gateway.withdrawn': GatewayWithdrawal;
}

export const GATEWAY_EVENT_NAMES: { readonly [E in keyof GatewayEvents]: true } = {
  'gateway.changed': true,
  'gateway.withdrawn': true,
};
