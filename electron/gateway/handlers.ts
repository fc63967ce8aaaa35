// The gateway's methods of the contract: "Use in a host" (preview, write with
// a backup, undo) and the in-app gateway's view (status, pause).
import path from 'node:path';
import { z } from 'zod';
import type { GatewayResults } from '../../shared/api-gateway.js';
import type { HostChoice, HostId } from '../../shared/gateway-model.js';
import { HOST_IDS } from '../../shared/gateway-model.js';
import { ApiFailure } from '../api-failure.js';
import type { ParsedParams } from '../../shared/api.js';
import type { FeatureDeps } from '../feature-deps.js';
import type { ConfigPlaces } from '../servers/config-locations.js';
import { JsonStore } from '../storage/json-store.js';
import { promises as fs } from 'node:fs';
import { HostConfigError } from './host-config/edit-host-config.js';
import type { GatewayLaunch } from './host-config/gateway-entry.js';
import { hostFile, hostFiles } from './host-config/host-files.js';
import { previewHostConfig, undoHostConfig, writeHostConfig, type HostConfigWrite } from './host-config/write-host-config.js';
import { InAppGateway } from './in-app-gateway.js';
import type { HeldDecisions } from '../../shared/approvals-model.js';

type GatewayHandlers = { readonly [M in keyof GatewayResults]: (params: ParsedParams<M>) => Promise<GatewayResults[M]> };

const writeSchema = z.object({ host: z.enum(HOST_IDS as [HostId, ...HostId[]]), path: z.string(), backup: z.string().nullable(), writtenSha256: z.string(), at: z.string() });
// The last write per host, kept so Undo works after a restart too.
const writesSchema = z.object({ writes: z.array(writeSchema) });
type Writes = z.infer<typeof writesSchema>;

export interface GatewayFeatureOptions {
  /** How a host starts `skill-inspector gateway` on this install (asked when a preview or write needs it). */
  readonly launch: () => GatewayLaunch;
  /** Where host files are looked for (home, project folder); default this machine. */
  readonly places?: ConfigPlaces;
  /** Run the in-app HTTP gateway (default true). */
  readonly inApp?: boolean;
  /** The skills a decision that takes away holds in memory, not yet in approvals.json: the in-app gateway withholds them. */
  readonly heldInMemory?: () => HeldDecisions;
}

function asFailure(error: unknown): never {
  if (error instanceof HostConfigError) throw new ApiFailure('failed', error.message);
  throw error;
}

export async function createGatewayHandlers(
  deps: FeatureDeps,
  options: GatewayFeatureOptions,
): Promise<{ handlers: GatewayHandlers; close(): Promise<void>; heldChanged(): Promise<void> }> {
  const store = new JsonStore<Writes>(path.join(deps.dataDir, 'gateway-host-writes.json'), writesSchema, () => ({ writes: [] }));
  let writes = (await store.load()).value.writes;
  const targets = () => hostFiles(options.places);
  const target = (host: HostId) => hostFile(host, options.places);
  const lastWrite = (host: HostId) => writes.find((w) => w.host === host);
  const saveWrites = async (next: HostConfigWrite[]) => {
    writes = next;
    await store.save({ writes });
  };

  const inApp = new InAppGateway(
    deps.dataDir,
    {
      changed: (status) => deps.emit('gateway.changed', status),
      withdrawn: (withdrawal) => deps.emit('gateway.withdrawn', withdrawal),
    },
    options.heldInMemory,
  );
  if (options.inApp !== false) await inApp.start();

  const handlers: GatewayHandlers = {
    'gateway.hosts': async () =>
      Promise.all(
        targets().map(async (t): Promise<HostChoice> => {
          const last = lastWrite(t.host);
          return {
            host: t.host,
            title: t.title,
            path: t.path,
            scope: t.scope,
            exists: await fs.stat(t.path).then((s) => s.isFile(), () => false),
            ...(last ? { lastWrite: { at: last.at, backup: last.backup } } : {}),
          };
        }),
      ),
    'gateway.previewHost': async ({ host }) => previewHostConfig(target(host), options.launch()).catch(asFailure),
    'gateway.writeHost': async ({ host, expectedSha256 }) => {
      const written = await writeHostConfig(target(host), options.launch(), { expectedSha256 }).catch(asFailure);
      await saveWrites([...writes.filter((w) => w.host !== host), written]);
      return { host, path: written.path, backup: written.backup, at: written.at };
    },
    'gateway.undoHost': async ({ host }) => {
      const last = lastWrite(host);
      if (!last) throw new ApiFailure('not-found', `Skill Inspector has not written ${target(host).path}, so there is nothing to undo.`);
      await undoHostConfig(last).catch(asFailure);
      await saveWrites(writes.filter((w) => w.host !== host));
      return { host, path: last.path, removed: last.backup === null };
    },
    'gateway.status': async () => inApp.status(),
    'gateway.setPaused': async ({ paused }) => inApp.setPaused(paused),
  };
  return { handlers, close: () => inApp.close(), heldChanged: () => inApp.heldChanged() };
}
