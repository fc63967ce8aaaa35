// The server catalog: the servers the user added, persisted in the data
// directory. Labels are host-assigned and unique; they are what every screen,
// approval and cache path uses — never the server's self-reported name.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { serverInputSchema, transportSchema, type ServerInput } from '../../shared/api.js';
import type { ServerConfig } from '../../shared/model.js';
import { JsonStore, type StoreProblem } from '../storage/json-store.js';
import { ApiFailure } from '../api-failure.js';
import { splitPastedCommand } from './pasted-command.js';

const serverConfigSchema = z.object({
  id: z.string().min(1),
  label: z.string().min(1),
  transport: transportSchema,
  builtin: z.literal('demo').optional(),
  createdAt: z.string(),
});

const catalogFileSchema = z.object({
  version: z.literal(1),
  /** Whether the bundled sample server was offered once; a user who removes it keeps it removed. */
  demoSeeded: z.boolean().default(false),
  servers: z.array(serverConfigSchema),
});
interface CatalogFile {
  readonly version: 1;
  readonly demoSeeded: boolean;
  readonly servers: readonly ServerConfig[];
}

export const DEMO_LABEL = 'Sample skills (bundled)';

export type RemovalHook = (server: ServerConfig) => Promise<void>;

/** The longest label the contract accepts (serverInputSchema). */
export const MAX_LABEL_LENGTH = 120;

/** Makes `wanted` unique among `taken` (case-insensitively) by adding " (2)", " (3)", …, within the length limit. */
export function uniqueLabel(wanted: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((l) => l.toLowerCase()));
  const base = wanted.replace(/\s+/g, ' ').trim() || 'server';
  const fit = (suffix: string) => `${base.slice(0, MAX_LABEL_LENGTH - suffix.length).trimEnd()}${suffix}`;
  if (!used.has(fit('').toLowerCase())) return fit('');
  for (let n = 2; ; n++) {
    const candidate = fit(` (${n})`);
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * Gives every server after the first with an already-used id a new one (a
 * hand-edited servers.json can repeat an id; removing one would then remove
 * both, and their approvals would mix). Both servers are kept.
 */
function withUniqueIds(servers: readonly ServerConfig[]): { servers: ServerConfig[]; notes: string[] } {
  const seen = new Set<string>();
  const notes: string[] = [];
  const out = servers.map((server) => {
    if (!seen.has(server.id)) {
      seen.add(server.id);
      return server;
    }
    const id = randomUUID();
    seen.add(id);
    notes.push(`${JSON.stringify(server.label)} (id ${JSON.stringify(server.id)}) is now ${JSON.stringify(id)}`);
    return { ...server, id };
  });
  return { servers: out, notes };
}

export class ServerCatalog {
  private file: CatalogFile = { version: 1, demoSeeded: false, servers: [] };
  /** The catalog as last saved, to fall back to when a save fails. */
  private saved: CatalogFile = this.file;
  private readonly store: JsonStore<CatalogFile>;
  private readonly removalHooks: RemovalHook[] = [];
  /** What loading had to repair in servers.json (duplicate ids), in words for an alert; undefined when nothing. */
  repairNotice: string | undefined;

  constructor(dataDir: string) {
    this.store = new JsonStore(path.join(dataDir, 'servers.json'), catalogFileSchema, () => ({
      version: 1 as const,
      demoSeeded: false,
      servers: [],
    }));
  }

  async load(options: { seedDemo: boolean }): Promise<StoreProblem | undefined> {
    const { value, problem } = await this.store.load();
    const repaired = withUniqueIds(value.servers);
    this.file = repaired.notes.length > 0 ? { ...value, servers: repaired.servers } : value;
    this.saved = value;
    this.repairNotice = undefined;
    if (repaired.notes.length > 0) {
      this.repairNotice = `${this.store.file}: ${repaired.notes.length} server${repaired.notes.length === 1 ? '' : 's'} had an id another server already uses: ${repaired.notes.join('; ')}. Both servers of each pair were kept.`;
      // Saved at once: every store keyed by server id (approvals, snapshots, history) must see one server per id from now on.
      await this.persist().catch((error: unknown) => {
        this.repairNotice += ` The repair could not be saved yet: ${error instanceof Error ? error.message : String(error)}`;
      });
    }
    if (options.seedDemo && !this.file.demoSeeded) {
      const demo: ServerConfig = {
        id: this.file.servers.some((s) => s.id === 'demo') ? randomUUID() : 'demo',
        label: uniqueLabel(DEMO_LABEL, this.file.servers.map((s) => s.label)),
        // Resolved at connect time to this app's own runtime; see connections/launch.ts.
        transport: { kind: 'stdio', command: 'skill-inspector', args: ['demo-server'], env: {} },
        builtin: 'demo',
        createdAt: new Date().toISOString(),
      };
      this.file = { ...this.file, demoSeeded: true, servers: [demo, ...this.file.servers] };
      await this.persist();
    }
    return problem;
  }

  list(): readonly ServerConfig[] {
    return this.file.servers;
  }

  get(serverId: string): ServerConfig {
    const server = this.file.servers.find((s) => s.id === serverId);
    if (!server) throw new ApiFailure('not-found', `No server with id "${serverId}" is in the catalog.`);
    return server;
  }

  /** Other stores (skill cache, snapshots, approvals) register here to forget a removed server. */
  onRemove(hook: RemovalHook): void {
    this.removalHooks.push(hook);
  }

  async add(input: ServerInput): Promise<ServerConfig> {
    const parsed = serverInputSchema.parse(input);
    this.assertLabelFree(parsed.label);
    const server: ServerConfig = {
      id: randomUUID(),
      label: parsed.label,
      transport: await splitPastedCommand(parsed.transport),
      createdAt: new Date().toISOString(),
    };
    this.file = { ...this.file, servers: [...this.file.servers, server] };
    await this.persist();
    return server;
  }

  async addMany(inputs: readonly ServerInput[]): Promise<ServerConfig[]> {
    const parsed = inputs.map((i) => serverInputSchema.parse(i));
    const labels = new Set<string>();
    for (const p of parsed) {
      this.assertLabelFree(p.label);
      if (labels.has(p.label.toLowerCase())) {
        throw new ApiFailure('conflict', `The label "${p.label}" is used twice in this import. Give each server its own label.`);
      }
      labels.add(p.label.toLowerCase());
    }
    const added = parsed.map((p) => ({
      id: randomUUID(),
      label: p.label,
      transport: p.transport,
      createdAt: new Date().toISOString(),
    }));
    this.file = { ...this.file, servers: [...this.file.servers, ...added] };
    await this.persist();
    return added;
  }

  async update(serverId: string, input: ServerInput): Promise<ServerConfig> {
    const current = this.get(serverId);
    const parsed = serverInputSchema.parse(input);
    this.assertLabelFree(parsed.label, serverId);
    const updated: ServerConfig = { ...current, label: parsed.label, transport: await splitPastedCommand(parsed.transport) };
    this.file = { ...this.file, servers: this.file.servers.map((s) => (s.id === serverId ? updated : s)) };
    await this.persist();
    return updated;
  }

  async duplicate(serverId: string): Promise<ServerConfig> {
    const current = this.get(serverId);
    const copy: ServerConfig = {
      id: randomUUID(),
      label: uniqueLabel(`${current.label} copy`, this.file.servers.map((s) => s.label)),
      transport: current.transport,
      ...(current.builtin ? { builtin: current.builtin } : {}),
      createdAt: new Date().toISOString(),
    };
    this.file = { ...this.file, servers: [...this.file.servers, copy] };
    await this.persist();
    return copy;
  }

  async remove(serverId: string): Promise<void> {
    const server = this.get(serverId);
    // Forget everything stored for the server first: a crash between the two
    // steps leaves a server with no cache (harmless), never a cache with no server.
    // Every hook runs even when one fails, so one broken store cannot keep the others' data.
    const failures: string[] = [];
    for (const hook of this.removalHooks) {
      try {
        await hook(server);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    if (failures.length > 0) {
      const reasons = failures.join('; ');
      throw new ApiFailure('failed', `"${server.label}" was not removed: some of its stored data could not be deleted (${reasons}). Try again.`);
    }
    this.file = { ...this.file, servers: this.file.servers.filter((s) => s.id !== serverId) };
    await this.persist();
    // The backup holds the previous version, with this server's settings (a
    // token, say). Saving once more makes the backup forget it too.
    await this.persist();
  }

  private assertLabelFree(label: string, exceptId?: string): void {
    const clash = this.file.servers.find((s) => s.id !== exceptId && s.label.toLowerCase() === label.toLowerCase());
    if (clash) {
      throw new ApiFailure('conflict', `A server labelled "${clash.label}" is already in the catalog. Labels must be unique; choose another.`);
    }
  }

  private async persist(): Promise<void> {
    const next = this.file;
    try {
      await this.store.save(next);
      this.saved = next;
    } catch (error) {
      // A change the disk refused (a full disk, say) is undone: the app never shows what is not saved.
      if (this.file === next) this.file = this.saved;
      throw error;
    }
  }
}
