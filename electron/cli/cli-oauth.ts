// `--oauth` for a person at a terminal: the same sign-in as the app (the SDK's
// auth(), PKCE, a loopback listener on 127.0.0.1), with the authorization
// page's address printed on stderr to open in a browser. The tokens are kept
// in the OS keychain, under a key made of the URL and client id, so the next
// run refreshes instead of asking again; `--oauth-memory` keeps them for this
// run only. Without a keychain they stay in memory, and stderr says so
// (SKILL_INSPECTOR_SECRETS=file uses the encrypted file in the data folder).
// Tokens dropped that the store would not delete are remembered in the data
// folder's oauth-dropped.json, as the app does, so no later run uses them; and
// which sign-ins are kept, in which store, is noted in its oauth-sign-ins.json
// (key and store kind only, as the app notes its own), so a sign-in the store
// no longer gives is said to be lost, not taken for never having signed in.
import { createHash } from 'node:crypto';
import type { TransportConfig } from '../../shared/model.js';
import { shownUrl } from '../../shared/shown-url.js';
import { defaultDataDir } from '../data-dir.js';
import { credentialsRemoved } from '../connections/url-credentials.js';
import { KeychainStore, probeKeychain } from '../secrets/keychain-store.js';
import { NoKeychainError, openSecretStores, secretStoreChoice } from '../secrets/open-secret-stores.js';
import { storesOf } from '../secrets/secret-store.js';
import { OAuthSessions, type OAuthTarget, type TransportAuth } from '../oauth/oauth-sessions.js';
import { MemoryOAuthVault, StoredOAuthVault, type OAuthVault } from '../oauth/oauth-vault.js';
import { KeptSignIns } from '../oauth/kept-sign-ins.js';
import { StaleSignIns } from '../oauth/stale-sign-ins.js';
import { COMMAND_READS } from '../oauth/unread-note.js';
import { unreadNotes } from '../oauth/unread-notes.js';
import { lostSignInWords } from '../../shared/lost-sign-in.js';

export interface CliOAuth {
  readonly transportAuth: TransportAuth;
  signIn(): Promise<void>;
  /** What to say of a sign-in kept before that the store did not give at the start (gone, locked, unreadable); undefined otherwise. */
  lost(): string | undefined;
  /** Every token value held, for redaction. */
  known(): string[];
}

export interface CliOAuthOptions {
  /** Keep nothing: no keychain entry, no file. */
  readonly memory: boolean;
  /** Where the command talks to the person (its stderr). */
  readonly say: (line: string) => void;
  readonly env?: NodeJS.ProcessEnv;
}

/** What was said of the notes this run (`check --all` opens a sign-in per server, each reading the same notes): said once. */
const saidNotes = new Set<string>();

async function vaultFor(options: CliOAuthOptions): Promise<OAuthVault> {
  if (options.memory) return new MemoryOAuthVault();
  const env = options.env ?? process.env;
  const choice = secretStoreChoice(env);
  const dataDir = defaultDataDir(process.platform, env);
  // Where a sign-in this run or an earlier one dropped, and the store kept, is remembered: no later run uses it.
  const stale = new StaleSignIns(dataDir, COMMAND_READS);
  const kept = new KeptSignIns(dataDir, COMMAND_READS);
  // Read now, as the app reads them at start: one it could not read whole is said on stderr (the report stays on stdout).
  const sayUnread = async () => {
    for (const { title, message } of await unreadNotes(stale, kept)) {
      if (saidNotes.has(message)) continue;
      saidNotes.add(message);
      options.say(`skill-inspector: ${title}: ${message}`);
    }
  };
  if (choice === 'file') {
    const stores = await openSecretStores({ dataDir, choice });
    await sayUnread();
    return new StoredOAuthVault(stores, stale, kept);
  }
  const keychain = new KeychainStore();
  const problem = await probeKeychain(keychain);
  if (problem === undefined) {
    await sayUnread();
    return new StoredOAuthVault(storesOf(keychain), stale, kept);
  }
  if (choice === 'keychain') throw new NoKeychainError(`SKILL_INSPECTOR_SECRETS=keychain, but the keychain does not work: ${problem}`);
  options.say(`skill-inspector: no keychain here (${problem}); the OAuth sign-in is kept for this run only.`);
  return new MemoryOAuthVault();
}

/** The vault key of a server for the command: its URL and client id, digested (a keychain account name stays short). */
export function cliOAuthKey(url: string, clientId: string | undefined): string {
  return `cli:${createHash('sha256').update(`${url}\n${clientId ?? ''}`).digest('hex').slice(0, 32)}`;
}

export async function openCliOAuth(transport: Extract<TransportConfig, { kind: 'http' | 'sse' }>, serverId: string, options: CliOAuthOptions): Promise<CliOAuth> {
  if (!transport.auth) throw new Error('openCliOAuth needs a transport that signs in with OAuth.');
  // A user name and password in --url go to the server as Basic credentials (connections/url-credentials.ts);
  // the sign-in is for the address without them. What is said names that address with each part the app keeps
  // as a secret (a query parameter named like one, a path segment that looks like a key) masked, as the app shows it: neither the password nor a key is printed (a CI log can be public).
  const serverUrl = credentialsRemoved(transport.url);
  const shown = shownUrl(serverUrl);
  const sessions = new OAuthSessions({
    vault: await vaultFor(options),
    clientName: 'Skill Inspector (command line)',
    reader: COMMAND_READS,
    openAuthorizationUrl: async (_serverId, url) => {
      options.say(`To sign in to ${shown}, open this address in a browser (the answer comes back to this command on 127.0.0.1):\n\n  ${url}\n`);
      options.say('Waiting for the browser (up to 5 minutes; Ctrl+C to stop)…');
    },
    keptInStore: (_serverId, message) => options.say(`skill-inspector: ${shown}: ${message}`),
  });
  const target: OAuthTarget = { key: cliOAuthKey(serverUrl, transport.auth.clientId), serverId, url: serverUrl, settings: transport.auth };
  await sessions.load([target.key]);
  // As read at the start: the connection's first steps (discovery saved) write the record, which replaces the loss.
  const lostSignIn = sessions.status(target).lostSignIn;
  return {
    transportAuth: sessions.transportAuth(target),
    signIn: async () => {
      await sessions.signIn(target);
      const status = sessions.status(target);
      options.say(`Signed in${status.scopes?.length ? ` (scope: ${status.scopes.join(' ')})` : ''}.`);
    },
    lost: () => (lostSignIn ? lostSignInWords(lostSignIn) : undefined),
    known: () => sessions.known(),
  };
}
