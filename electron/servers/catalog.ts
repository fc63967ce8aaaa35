// The server catalog: the servers the user added, persisted in the data
// directory. Labels are host-assigned and unique; they are what every screen,
// approval and cache path uses — never the server's self-reported name.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { serverInputSchema, type ServerInput } from '../../shared/api.js';
import type { ServerConfig, TransportConfig } from '../../shared/model.js';
import { joinSecrets, splitSecrets } from '../../shared/secret-fields.js';
import { JsonStore, type StoreProblem } from '../storage/json-store.js';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { readRegularText } from '../storage/read-regular-file.js';
import { ApiFailure } from '../api-failure.js';
import { serverNotInList } from './server-in-words.js';
import { EncryptedFileStore } from '../secrets/encrypted-file-store.js';
import { storesOf, type SecretStores } from '../secrets/secret-store.js';
import { catalogFileSchema, type CatalogFile, type StoredServer } from './catalog-file.js';
import { splitPastedCommand } from './pasted-command.js';
import { MissingSecrets, missingSecretsDiagnostic, usesSecret, type MissingSecret } from './missing-secrets.js';
import { ServerSecrets, fieldFits, prefixed, secretsLeftWords, takesValueOutOfClear, type SecretRefs, type SecretsLeft } from './server-secrets.js';
import { withoutRefusedNames } from './stored-names.js';
import { uniqueLabel } from './unique-label.js';
import { withUniqueIds } from './unique-ids.js';
import { wholeLabelsWords, withWholeLabels } from './whole-labels.js';

export { MAX_LABEL_LENGTH, uniqueLabel } from './unique-label.js';

export const DEMO_LABEL = 'Sample skills (bundled)';

/**
 * Forgets what a store kept for a removed server; runs once servers.json no
 * longer lists it. Throws naming what it left behind and where ("its 2
 * decisions are still in <file> (<reason>)"), which the removal then says.
 */
export type RemovalHook = (server: ServerConfig) => Promise<void>;

/**
 * A removal that is done. `dataLeft` says what a removal hook could not delete
 * (approvals, snapshots, history, sign-in) and where; `secretsLeft` which of its
 * secrets their store would not delete, and where.
 */
export interface RemovalOutcome {
  readonly dataLeft?: string;
  readonly secretsLeft?: string;
}

export class ServerCatalog {
  private file: CatalogFile = { version: 1, demoSeeded: false, servers: [] };
  /** The catalog as last saved, to fall back to when a save fails. */
  private saved: CatalogFile = this.file;
  private readonly store: JsonStore<CatalogFile>;
  private readonly removalHooks: RemovalHook[] = [];
  /** What loading had to repair in servers.json (duplicate ids, half characters in labels, refused env or header names), in words for an alert; undefined when nothing. */
  repairNotice: string | undefined;
  /** What the last parse of servers.json (or its backup) left out of it, for repairNotice. */
  private readonly leftOut: string[] = [];
  /** What loading moved out of servers.json into the secret store, or could not find there, for an alert; undefined when nothing. */
  secretsNotice: string | undefined;
  readonly secrets: ServerSecrets;
  /** Told when a store would not delete secrets no server uses any more (after an edit, or a save that failed). */
  private secretsLeftListener: ((message: string) => void) | undefined;

  constructor(dataDir: string, stores?: SecretStores) {
    this.secrets = new ServerSecrets(stores ?? storesOf(new EncryptedFileStore(dataDir)));
    const schema = {
      parse: (value: unknown): CatalogFile => {
        // Kept only from the parse that succeeds: the notes are of the file used (the main file, or its backup).
        const notes: string[] = [];
        const parsed = catalogFileSchema.parse(withoutRefusedNames(value, notes));
        this.leftOut.splice(0, this.leftOut.length, ...notes);
        return parsed;
      },
    };
    this.store = new JsonStore(path.join(dataDir, 'servers.json'), schema, () => ({
      version: 1 as const,
      demoSeeded: false,
      servers: [],
    }));
  }

  async load(options: { seedDemo: boolean }): Promise<StoreProblem | undefined> {
    const { value, problem } = await this.store.load();
    const ids = withUniqueIds(value.servers);
    const labels = withWholeLabels(ids.servers);
    const repairs = [
      ...(ids.notes.length > 0 ? [`${ids.notes.length} server${ids.notes.length === 1 ? '' : 's'} had an id another server already uses: ${ids.notes.join('; ')}. Both servers of each pair were kept.`] : []),
      ...(labels.notes.length > 0 ? [`${wholeLabelsWords(labels.notes)}.`] : []),
    ];
    this.file = repairs.length > 0 ? { ...value, servers: labels.servers } : value;
    this.saved = value;
    this.repairNotice = undefined;
    if (repairs.length > 0) {
      this.repairNotice = `${this.store.file}: ${repairs.join(' ')}`;
      // Saved at once: every store keyed by server id (approvals, snapshots, history) must see one server per id from now on, and a label must not be written back with half a character.
      await this.persist().catch((error: unknown) => {
        this.repairNotice += ` The repair could not be saved yet: ${error instanceof Error ? error.message : String(error)}`;
      });
    }
    if (this.leftOut.length > 0) {
      // Not saved at once: the file keeps the value until the server is next saved, so nothing is lost before the alert is read.
      const note = `${this.store.file}: ${this.leftOut.join('; ')}. The file keeps them until the server is next saved.`;
      this.repairNotice = this.repairNotice ? `${this.repairNotice} ${note}` : note;
    }
    await this.loadSecrets();
    // A servers.json the app could not read may well say the demo was seeded (or removed): no seed, and no save over it.
    if (options.seedDemo && !this.file.demoSeeded && !problem?.unreadable) {
      const demo: StoredServer = {
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

  /** The servers as the renderer may see them: secret fields by name, never their values. */
  list(): readonly ServerConfig[] {
    return this.file.servers.map(publicView);
  }

  get(serverId: string): ServerConfig {
    return publicView(this.stored(serverId));
  }

  /** Whether any secret is kept in the encrypted-file fallback (then the app says what that protects). */
  usesEncryptedFile(): boolean {
    return this.file.servers.some((s) => Object.values(s.secretRefs ?? {}).some((ref) => ref.store === 'encrypted-file'));
  }

  /**
   * The transport to connect with: the stored settings with their secret values put back. A value the store
   * no longer gives throws MissingSecrets: without it the server would get a placeholder or nothing in its place.
   */
  resolveTransport(server: ServerConfig): TransportConfig {
    const stored = this.file.servers.find((s) => s.id === server.id);
    if (!stored) return server.transport;
    const missing = this.missingSecrets(stored.id);
    if (missing.length > 0) throw new MissingSecrets(missingSecretsDiagnostic(stored.label, missing));
    return joinSecrets(stored.transport, this.secrets.resolve(stored.secretRefs));
  }

  /** The secrets a server's settings use whose value the store did not give (missing-secrets.ts). */
  missingSecrets(serverId: string): MissingSecret[] {
    const stored = this.stored(serverId);
    return this.secrets.missing(stored.secretRefs).filter((m) => usesSecret(stored.transport, m.field));
  }

  /** The stored secret values of a server, by field (a form's test connection tries the ones it keeps). */
  secretValues(serverId: string): Record<string, string> {
    return this.secrets.resolve(this.stored(serverId).secretRefs);
  }

  private stored(serverId: string): StoredServer {
    const server = this.file.servers.find((s) => s.id === serverId);
    if (!server) throw new ApiFailure('not-found', serverNotInList(serverId));
    return server;
  }

  /**
   * Moves any secret still in clear in servers.json (a file written before
   * secrets had a store) into the store, keeping the old file as a backup,
   * then reads every referenced value into memory.
   */
  private async loadSecrets(): Promise<void> {
    this.secretsNotice = undefined;
    const notes: string[] = [];
    let moved = 0;
    // Every server's clear secrets go to the store in one change (one write of a file-backed store).
    const clear = this.file.servers.map((server) => splitSecrets(server.transport));
    const holding = clear.flatMap((split, i) => (Object.keys(split.secrets).length > 0 ? [i] : []));
    let refs: SecretRefs[] = [];
    try {
      refs = await this.secrets.putAll(holding.map((i) => clear[i]!.secrets));
    } catch (error) {
      // Left where they are: the servers still connect, and the next start tries again.
      for (const i of holding) notes.push(`${JSON.stringify(this.file.servers[i]!.label)}: its secrets stay in servers.json for now (${error instanceof Error ? error.message : String(error)}).`);
    }
    const servers: StoredServer[] = [...this.file.servers];
    refs.forEach((stored, n) => {
      const i = holding[n]!;
      const server = servers[i]!;
      moved += Object.keys(stored).length;
      servers[i] = { ...server, transport: clear[i]!.transport, secretRefs: { ...server.secretRefs, ...stored } };
    });
    if (moved > 0) {
      const backup = `${this.store.file}.before-secret-store-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      const original = await readRegularText(this.store.file, { maxBytes: 256 * 1024 * 1024 }).catch(() => undefined);
      if (original !== undefined) await writeFileAtomic(backup, original, { backup: false });
      this.file = { ...this.file, servers };
      // Twice: the store's .bak keeps the previous version, which held the values in clear.
      await this.persist();
      await this.persist();
      notes.push(
        `${moved} secret${moved === 1 ? '' : 's'} (bearer tokens, secret headers, environment values, arguments or URL parts) ${moved === 1 ? 'was' : 'were'} moved out of servers.json into ${this.secrets.description}.` +
          (original !== undefined ? ` The old file, with the values in clear, was kept as ${backup} (readable by you only): delete it once your servers connect.` : ''),
      );
    }
    for (const server of this.file.servers) {
      const missing = await this.secrets.load(server.secretRefs ?? {});
      for (const m of missing) notes.push(`${JSON.stringify(server.label)}: the value of ${m.field} is missing (${m.reason}); edit the server and set it again.`);
    }
    if (notes.length > 0) this.secretsNotice = notes.join(' ');
  }

  /** Stores a transport's secret values; the transport without them and their references. */
  private async separate(transport: TransportConfig, markSecret?: readonly string[]): Promise<{ transport: TransportConfig; refs: SecretRefs }> {
    const split = splitSecrets(transport, markSecret);
    return { transport: split.transport, refs: await this.secrets.put(split.secrets) };
  }

  /** The app raises an alert with it: secrets left in a store are said, never left there without a word. */
  onSecretsLeft(listener: (message: string) => void): void {
    this.secretsLeftListener = listener;
  }

  /** Other stores (skill cache, snapshots, approvals, sign-in) register here to forget a removed server, once it is saved removed. */
  onRemove(hook: RemovalHook): void {
    this.removalHooks.push(hook);
  }

  async add(input: ServerInput): Promise<ServerConfig> {
    const parsed = serverInputSchema.parse(input);
    this.assertLabelFree(parsed.label);
    const { transport, refs } = await this.separate(await splitPastedCommand(parsed.transport), parsed.markSecret);
    const server: StoredServer = {
      id: randomUUID(),
      label: parsed.label,
      transport,
      createdAt: new Date().toISOString(),
      ...withRefs(refs),
    };
    this.file = { ...this.file, servers: [...this.file.servers, server] };
    await this.persistOrDrop(refs, `"${server.label}" was not added`);
    return publicView(server);
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
    // One change of the secret store for the whole import: 1,000 servers used to write its file 2,000 times.
    const splits = parsed.map((p) => splitSecrets(p.transport, p.markSecret));
    const refs = await this.secrets.putAll(splits.map((split) => split.secrets));
    const added: StoredServer[] = parsed.map((p, i) => ({ id: randomUUID(), label: p.label, transport: splits[i]!.transport, createdAt: new Date().toISOString(), ...withRefs(refs[i]!) }));
    this.file = { ...this.file, servers: [...this.file.servers, ...added] };
    await this.persistOrDrop(Object.assign({}, ...added.map((a) => prefixed(a.id, a.secretRefs))) as SecretRefs, `The ${added.length} imported server${added.length === 1 ? ' was' : 's were'} not added`);
    return added.map(publicView);
  }

  async update(serverId: string, input: ServerInput): Promise<ServerConfig> {
    const current = this.stored(serverId);
    const parsed = serverInputSchema.parse(input);
    this.assertLabelFree(parsed.label, serverId);
    const { transport, refs: fresh } = await this.separate(await splitPastedCommand(parsed.transport), parsed.markSecret);
    // A stored secret stays when the form kept it (or said nothing) and gave no new value, and it still fits the transport.
    const keep = parsed.keepSecrets === undefined ? undefined : new Set(parsed.keepSecrets);
    const kept = Object.fromEntries(
      Object.entries(current.secretRefs ?? {}).filter(([field]) => !(field in fresh) && (keep === undefined || keep.has(field)) && fieldFits(field, transport)),
    );
    const refs = { ...kept, ...fresh };
    const dropped = Object.fromEntries(Object.entries(current.secretRefs ?? {}).filter(([field]) => !(field in kept)));
    const { secretRefs: _old, ...rest } = current;
    const updated: StoredServer = { ...rest, label: parsed.label, transport, ...withRefs(refs) };
    this.file = { ...this.file, servers: this.file.servers.map((s) => (s.id === serverId ? updated : s)) };
    await this.persistOrDrop(fresh, `The change to "${current.label}" was not saved`);
    // A value the file held in clear and the user has now marked secret is still in the backup (the file before this save).
    if (takesValueOutOfClear(current.transport, fresh)) await this.rewriteBackup();
    // The backup holds the previous version's references; a replaced value is gone from the store, or said to be still there.
    this.sayLeft(await this.secrets.drop(dropped), `"${updated.label}" was saved, but the secrets it no longer uses could not be deleted`);
    return publicView(updated);
  }

  async duplicate(serverId: string): Promise<ServerConfig> {
    const current = this.stored(serverId);
    const refs = await this.secrets.copy(current.secretRefs);
    const copy: StoredServer = {
      id: randomUUID(),
      label: uniqueLabel(`${current.label} copy`, this.file.servers.map((s) => s.label)),
      transport: current.transport,
      ...(current.builtin ? { builtin: current.builtin } : {}),
      createdAt: new Date().toISOString(),
      ...withRefs(refs),
    };
    this.file = { ...this.file, servers: [...this.file.servers, copy] };
    await this.persistOrDrop(refs, `The copy "${copy.label}" was not added`);
    return publicView(copy);
  }

  /**
   * Removes the server, or throws with it and everything of it still there:
   * nothing that cannot be undone happens before servers.json is saved without
   * it. The hooks used to run first, so a save that then failed (a full disk)
   * left the server listed with its approvals and sign-in already deleted. A
   * crash between the save and the hooks leaves data no listed server uses (ids
   * are not reused), never a listed server without its approvals. Once saved,
   * the removal is done: what a hook or the secret store would not delete is
   * said in the outcome, not dropped.
   */
  async remove(serverId: string): Promise<RemovalOutcome> {
    const stored = this.stored(serverId);
    const server = publicView(stored);
    this.file = { ...this.file, servers: this.file.servers.filter((s) => s.id !== serverId) };
    try {
      await this.persist();
    } catch (error) {
      throw new ApiFailure('failed', `"${server.label}" was not removed: ${error instanceof Error ? error.message : String(error)} Nothing of it was deleted: its settings, secrets, approvals, snapshots and sign-in are as they were.`);
    }
    // The backup holds the previous version, with this server's settings (its
    // secrets' references): saved once more, or deleted when that fails.
    await this.rewriteBackup();
    // Every hook runs even when one fails, so one broken store cannot keep the others' data.
    const failures: string[] = [];
    for (const hook of this.removalHooks) {
      try {
        await hook(server);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    const left = await this.secrets.drop(stored.secretRefs);
    return {
      ...(failures.length > 0 ? { dataLeft: `"${server.label}" was removed, but not everything the app kept for it could be deleted: ${failures.join('; ')}. No server uses it any more.` } : {}),
      ...(left.length > 0 ? { secretsLeft: `"${server.label}" was removed, but some of its secrets could not be deleted: ${secretsLeftWords(left)}. No server uses them any more; delete them there yourself, or they stay, unused.` } : {}),
    };
  }

  private assertLabelFree(label: string, exceptId?: string): void {
    const clash = this.file.servers.find((s) => s.id !== exceptId && s.label.toLowerCase() === label.toLowerCase());
    if (clash) {
      throw new ApiFailure('conflict', `A server labelled "${clash.label}" is already in the catalog. Labels must be unique; choose another.`);
    }
  }

  /** Saves; when the save fails, the secrets just stored for it are deleted again (those a store keeps are said, as `what` and why). */
  private async persistOrDrop(fresh: SecretRefs, what: string): Promise<void> {
    try {
      await this.persist();
    } catch (error) {
      this.sayLeft(await this.secrets.drop(fresh), `${what}, and the secrets stored for it could not be deleted again`);
      throw error;
    }
  }

  private sayLeft(left: readonly SecretsLeft[], what: string): void {
    if (left.length > 0) this.secretsLeftListener?.(`${what}: ${secretsLeftWords(left)}. No server uses them; delete them there yourself, or they stay, unused.`);
  }

  /** Saves once more, so servers.json.bak is this version too; when that fails (a full disk), the backup is deleted instead: the change is saved either way. */
  private async rewriteBackup(): Promise<void> {
    await this.persist().catch(() => fs.rm(`${this.store.file}.bak`, { force: true }).catch(() => undefined));
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

// A server's view is asked for on every push of the server list (coalesced, yet many a second while a hundred
// servers connect) and each asks for all of them: splitting a server's secrets again each time, by name and by
// look, took a tenth of the main thread's busy time then. A stored server is never changed in place (every change
// makes a new object), so its view is kept with it.
const views = new WeakMap<StoredServer, ServerConfig>();

function publicView(server: StoredServer): ServerConfig {
  let view = views.get(server);
  if (view === undefined) views.set(server, (view = splitView(server)));
  return view;
}

function splitView(server: StoredServer): ServerConfig {
  const { secretRefs, ...config } = server;
  // Split again: a value a failed migration left in clear must still not reach the renderer.
  const split = splitSecrets(config.transport);
  const fields = [...new Set([...Object.keys(secretRefs ?? {}), ...Object.keys(split.secrets)])];
  return { ...config, transport: split.transport, ...(fields.length > 0 ? { secrets: fields } : {}) };
}

function withRefs(refs: SecretRefs): { secretRefs?: SecretRefs } {
  return Object.keys(refs).length > 0 ? { secretRefs: refs } : {};
}
