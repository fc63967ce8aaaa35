// A headless connection for the CLI: the same Connection and SkillsEngine the
// app uses, with no UI and no persistence, and the same review pool (the
// built worker beside cli.js; in-process only when run from source without one).
import { DEFAULT_SETTINGS, type Settings } from '../../shared/model.js';
import { APP_VERSION } from '../app-version.js';
import { Connection } from '../connections/connection.js';
import { ProtocolLog } from '../connections/protocol-log.js';
import { createReviewer, type ContentReviewer } from '../review/review-pool.js';
import { SkillsEngine } from '../skills/engine.js';
import type { Rpc } from '../skills/rpc.js';
import { cliLimitNamer } from './limit-flags.js';
import type { Target } from './target.js';
import { openCliOAuth } from './cli-oauth.js';
import { diagnoseOAuth } from '../oauth/oauth-errors.js';
import { redactText } from '../secrets/redact.js';
import { ConnectFailure } from './command-errors.js';
import { shortMessage } from '../connections/short-message.js';
import { credentialsRemoved } from '../connections/url-credentials.js';
import { shownUrl } from '../../shared/shown-url.js';
import { forTerminal } from './terminal-text.js';
import type { ServerNotice } from '../connections/server-notices.js';

export interface CliSession {
  readonly connection: Connection;
  readonly engine: SkillsEngine;
  readonly rpc: Rpc;
  readonly serverId: string;
  /** The host's name for the server: the lockfile section and what reports show. */
  readonly label: string;
  /** The app's defaults with the command's limit flags applied. */
  readonly settings: Settings;
  /** Runs the content reviews (check): the worker pool, created on the first review, ended by close(). */
  readonly reviewer: ContentReviewer;
  close(): Promise<void>;
}

export interface SessionOptions {
  /** The built review worker (review-worker.js beside cli.js); without one, reviews run in this thread. */
  readonly reviewWorker?: string;
  /** A review pool to use instead of one of the session's own (`check --all`: one pool for every server); close() leaves it running. */
  readonly reviewer?: ContentReviewer;
  /** Where --oauth talks to the person (the authorization page's address); stderr unless given. */
  readonly say?: (line: string) => void;
  /** Told when the server says its listing changed (the gateway follows a lockfile's server); unset: not listened for. */
  readonly onNotice?: (notice: ServerNotice) => void;
}

/** The diagnostics after which a person at the terminal is asked to sign in. */
const SIGN_IN_FIRST = new Set(['oauth-sign-in-required', 'oauth-refresh-refused', 'oauth-insufficient-scope']);

export async function openSession(target: Target, overrides: Partial<Settings> = {}, options: SessionOptions = {}): Promise<CliSession> {
  const settings: Settings = { ...DEFAULT_SETTINGS, ...overrides };
  const serverId = target.label;
  const log = new ProtocolLog(serverId, 200, () => undefined);
  const transport = target.transport;
  const say = options.say ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const oauth = transport.kind !== 'stdio' && transport.auth ? await openCliOAuth(transport, serverId, { memory: target.oauthMemory === true, say }) : undefined;
  const connection = new Connection(
    { id: serverId, label: target.label, transport, createdAt: new Date().toISOString() },
    {
      settings: () => settings,
      resolveTransport: (s) => s.transport,
      onChange: () => undefined,
      log,
      clientInfo: { name: 'skill-inspector-cli', version: APP_VERSION },
      limitName: cliLimitNamer,
      ...(oauth ? { oauth: () => oauth.transportAuth } : {}),
      ...(options.onNotice ? { onNotice: options.onNotice } : {}),
    },
  );
  let snapshot = await connection.connect();
  // No token yet, or it can no longer be renewed: the person at the terminal signs in, then it connects again.
  if (oauth && snapshot.status === 'failed' && snapshot.error && SIGN_IN_FIRST.has(snapshot.error.code)) {
    // A sign-in kept before that the store does not give now: said, so a new sign-in is no surprise.
    const lost = oauth.lost();
    if (lost !== undefined) say(`skill-inspector: ${transport.kind === 'stdio' ? target.label : shownUrl(credentialsRemoved(transport.url))}: ${lost}`);
    try {
      await oauth.signIn();
    } catch (error) {
      throw new ConnectFailure(signInFailure(error, transport.kind === 'stdio' ? '' : shownUrl(credentialsRemoved(transport.url)), oauth.known()));
    }
    snapshot = await connection.connect();
  }
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
  const reviewer = options.reviewer ?? createReviewer(options.reviewWorker);
  return {
    connection,
    engine,
    rpc,
    serverId,
    label: target.label,
    settings,
    reviewer,
    close: async () => {
      await connection.disconnect();
      if (!options.reviewer) await reviewer.close();
    },
  };
}

/**
 * What the command says of a failed sign-in, with every secret it holds (`known`) redacted. An error diagnoseOAuth
 * does not recognise is the SDK's or the authorization server's own text, of any length and any characters (a
 * validation error listing each of 20,000 refused redirect URIs is 3 MB): it is said on one line, short, control
 * characters shown as marks; redacted before it is cut, so no part of a secret is left where the cut falls.
 */
export function signInFailure(error: unknown, url: string, known: readonly string[]): string {
  const found = diagnoseOAuth(error, url, true);
  if (found) return `${found.title}: ${redactText(found.detail, known)}\n${found.hint}`;
  return `The OAuth sign-in failed: ${forTerminal(shortMessage(redactText(error instanceof Error ? error.message : String(error), known)))}`;
}

export { ConnectFailure };
