// "Test connection" in the add/edit server form: connects with what the form
// holds now, reports how it went, and disconnects. Nothing is saved: the
// connection is a throwaway one, outside the pool and the catalog, so the
// server never appears in the sidebar and servers.json is never written.
import type { ConnectionTest, ParsedParams } from '../../shared/api.js';
import type { ServerConfig, Settings, TransportConfig } from '../../shared/model.js';
import { joinSecrets, splitSecrets } from '../../shared/secret-fields.js';
import { Connection, type ConnectionDeps } from '../connections/connection.js';
import { ProtocolLog } from '../connections/protocol-log.js';
import type { SearchPath } from '../connections/search-path.js';
import type { ServerCatalog } from './catalog.js';
import { splitPastedCommand } from './pasted-command.js';
import { MissingSecrets, missingSecretsDiagnostic, usesSecret } from './missing-secrets.js';

export interface TestConnectionDeps {
  readonly catalog: ServerCatalog;
  readonly settings: () => Settings;
  readonly clientInfo: { name: string; version: string };
  /** How the bundled demo server starts on this runtime (its form edits only the label). */
  readonly demoTransport: () => TransportConfig;
  /** The PATH the pool's connections look commands up on: a test must find what Connect would. */
  readonly searchPath?: () => Promise<SearchPath>;
  /** An edited server that signs in with OAuth is tried with its own sign-in (electron/oauth/). */
  readonly oauth?: ConnectionDeps['oauth'];
}

/**
 * The transport to try: the form's, split as the catalog would store it, with
 * the stored secrets an edited server keeps (their values never reach the form).
 */
async function transportToTry(params: ParsedParams<'servers.test'>, deps: TestConnectionDeps): Promise<TransportConfig> {
  const existing = params.serverId ? deps.catalog.get(params.serverId) : undefined;
  if (existing?.builtin === 'demo') return deps.demoTransport();
  const typed = await splitPastedCommand(params.input.transport);
  if (!existing?.secrets?.length) return typed;
  // By field as stored: an argument's or URL part's reference names the field it was stored under.
  const stored = deps.catalog.secretValues(existing.id);
  const keep = new Set(params.input.keepSecrets ?? existing.secrets);
  const given = splitSecrets(typed, params.input.markSecret).secrets;
  const kept = Object.fromEntries(Object.entries(stored).filter(([field]) => keep.has(field) && !Object.hasOwn(given, field)));
  // A kept secret the store no longer gives: tried without it, the server would get its placeholder or nothing.
  const missing = deps.catalog.missingSecrets(existing.id).filter((m) => keep.has(m.field) && !Object.hasOwn(given, m.field) && usesSecret(typed, m.field));
  if (missing.length > 0) throw new MissingSecrets(missingSecretsDiagnostic(params.input.label || existing.label, missing));
  return joinSecrets(typed, kept);
}

export async function testConnection(params: ParsedParams<'servers.test'>, deps: TestConnectionDeps): Promise<ConnectionTest> {
  let transport: TransportConfig;
  try {
    transport = await transportToTry(params, deps);
  } catch (error) {
    if (error instanceof MissingSecrets) return { status: 'failed', error: error.diagnostic };
    throw error;
  }
  const settings = deps.settings();
  const server: ServerConfig = { id: `connection-test-${Date.now().toString(36)}`, label: params.input.label || 'Test connection', transport, createdAt: new Date().toISOString() };
  const connection = new Connection(server, {
    settings: deps.settings,
    resolveTransport: (s) => s.transport,
    clientInfo: deps.clientInfo,
    log: new ProtocolLog(server.id, settings.logLimit, () => undefined, settings.logBodyBytes),
    onChange: () => undefined,
    ...(deps.searchPath ? { searchPath: deps.searchPath } : {}),
    // The sign-in is the edited server's (a new one has none yet: its test says to sign in after saving).
    ...(deps.oauth && params.serverId ? { oauth: (_throwaway: ServerConfig, t: TransportConfig) => deps.oauth?.(deps.catalog.get(params.serverId!), t) } : {}),
  });
  try {
    const snapshot = await connection.connect();
    const error = snapshot.error ?? (snapshot.status === 'connected' ? undefined : snapshot.lastError);
    return {
      status: snapshot.status,
      ...(snapshot.protocolVersion ? { protocolVersion: snapshot.protocolVersion } : {}),
      ...(snapshot.selfReported ? { selfReported: snapshot.selfReported } : {}),
      ...(error ? { error } : {}),
    };
  } finally {
    await connection.disconnect();
    await connection.stopped();
  }
}
