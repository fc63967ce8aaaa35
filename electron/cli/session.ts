// A headless connection for the CLI: the same Connection and SkillsEngine the
// app uses, with no UI and no persistence.
import { DEFAULT_SETTINGS, type Settings } from '../../shared/model.js';
import { APP_VERSION } from '../app-version.js';
import { Connection } from '../connections/connection.js';
import { ProtocolLog } from '../connections/protocol-log.js';
import { SkillsEngine } from '../skills/engine.js';
import type { Rpc } from '../skills/rpc.js';
import { cliLimitNamer } from './limit-flags.js';
import type { Target } from './target.js';

export interface CliSession {
  readonly connection: Connection;
  readonly engine: SkillsEngine;
  readonly rpc: Rpc;
  readonly serverId: string;
  /** The host's name for the server: the lockfile section and what reports show. */
  readonly label: string;
  /** The app's defaults with the command's limit flags applied. */
  readonly settings: Settings;
  close(): Promise<void>;
}

export async function openSession(target: Target, overrides: Partial<Settings> = {}): Promise<CliSession> {
  const settings: Settings = { ...DEFAULT_SETTINGS, ...overrides };
  const serverId = target.label;
  const log = new ProtocolLog(serverId, 200, () => undefined);
  const connection = new Connection(
    { id: serverId, label: target.label, transport: target.transport, createdAt: new Date().toISOString() },
    { settings: () => settings, resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'skill-inspector-cli', version: APP_VERSION }, limitName: cliLimitNamer },
  );
  const snapshot = await connection.connect();
  if (snapshot.status !== 'connected') {
    const error = snapshot.error;
    // The app's hints can point at its protocol log; a command line has none to open.
    const said = error?.hint ?? '';
    const hint = said && !/protocol log/i.test(said) ? `\n${said}` : '';
    throw new ConnectFailure(error ? `${error.title}: ${error.detail}${hint}` : 'The connection failed.');
  }
  const engine = new SkillsEngine(() => settings, { listed: () => undefined, updated: () => undefined, job: () => undefined }, { limitName: cliLimitNamer });
  const rpc: Rpc = {
    serverId,
    era: snapshot.era ?? 'legacy',
    request: (method, params, options) => connection.request(method, params, options),
  };
  return { connection, engine, rpc, serverId, label: target.label, settings, close: async () => void (await connection.disconnect()) };
}

export class ConnectFailure extends Error {
  override readonly name = 'ConnectFailure';
}
