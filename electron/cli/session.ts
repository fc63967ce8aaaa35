// A headless connection for the CLI: the same Connection and SkillsEngine the
// app uses, with no UI and no persistence.
import { DEFAULT_SETTINGS, type DiagnosticCode, type Settings } from '../../shared/model.js';
import { APP_VERSION } from '../app-version.js';
import { Connection, RequestTimedOut } from '../connections/connection.js';
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
    { settings: () => settings, resolveTransport: (s) => s.transport, onChange: () => undefined, log, clientInfo: { name: 'skill-inspector-cli', version: APP_VERSION } },
  );
  const snapshot = await connection.connect();
  if (snapshot.status !== 'connected') {
    const error = snapshot.error;
    // The app's hints point at its protocol log and its Settings; a command line has neither, but it has flags.
    const said = error ? (CLI_HINTS[error.code] ?? error.hint) : '';
    const hint = said && !/protocol log/i.test(said) ? `\n${said}` : '';
    throw new ConnectFailure(error ? `${error.title}: ${error.detail}${hint}` : 'The connection failed.');
  }
  const engine = new SkillsEngine(() => settings, { listed: () => undefined, updated: () => undefined, job: () => undefined }, { limitName: cliLimitNamer });
  const rpc: Rpc = {
    serverId,
    era: snapshot.era ?? 'legacy',
    request: async (method, params, options) => {
      try {
        return await connection.request(method, params, options);
      } catch (error) {
        throw inCliTerms(error);
      }
    },
  };
  return { connection, engine, rpc, serverId, label: target.label, settings, close: async () => void (await connection.disconnect()) };
}

/** The app's hints that say "raise it in Settings", as the command says them: the flag that raises it. */
const CLI_HINTS: Partial<Record<DiagnosticCode, string>> = {
  timeout: `The server may be hung or busy, or may not speak MCP on this channel. If it is just slow, raise ${cliLimitNamer('requestTimeoutMs')}.`,
  'message-too-large': `A file this large is not read. If the server is right to send it, raise ${cliLimitNamer('maxFileBytes')} (a message may be up to twice that, and at least 1 MiB); otherwise the server is misbehaving.`,
};

/** A timed-out request says where its timeout is set: here, a flag. The connection's wording is the app's. */
function inCliTerms(error: unknown): unknown {
  if (error instanceof RequestTimedOut) error.message = error.message.replace('set in Settings', `set with ${cliLimitNamer('requestTimeoutMs')}`);
  return error;
}

export class ConnectFailure extends Error {
  override readonly name = 'ConnectFailure';
}
