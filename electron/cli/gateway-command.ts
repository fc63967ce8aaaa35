// `skill-inspector gateway`: the approved-skills gateway (electron/gateway/),
// served to a host over stdio (the default; it ends when stdin closes) or
// over Streamable HTTP on 127.0.0.1 with a bearer token (--http PORT).
//
//   gateway [--data-dir DIR]                      the app's approved and enabled skills, from its snapshots
//   gateway --lock FILE --stdio "<cmd>" | --url … the locked skills whose upstream bytes still match the lock
//
// With --http, stderr says where it listens — `… listening on http://127.0.0.1:<port>/mcp` — and, unless the
// token came from SKILL_INSPECTOR_GATEWAY_TOKEN, the token on the next line.
import { parseArgs } from 'node:util';
import { checkDataDirReadable, defaultDataDir } from '../data-dir.js';
import { ApprovedCatalog } from '../gateway/approved-catalog.js';
import { Gateway, type GatewayCatalog } from '../gateway/gateway.js';
import { LockedCatalog } from '../gateway/locked-catalog.js';
import { newGatewayToken, serveGatewayHttp, serveGatewayStdio } from '../gateway/serve.js';
import { watchAppData } from '../gateway/watch-app-data.js';
import { pickServer } from './lockfile.js';
import { readLockfile } from './lockfile-io.js';
import { LISTING_LIMITS, READING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { openSession } from './session.js';
import { describeStart } from './stdio-flags.js';
import { progressTo, type Streams } from './streams.js';
import { TARGET_OPTIONS, UsageError, resolveTarget } from './target.js';
import { forTerminal } from './terminal-text.js';

export const GATEWAY_TOKEN_ENV = 'SKILL_INSPECTOR_GATEWAY_TOKEN';
/** The shortest time between two reads of a lockfile's upstream server, ms. */
export const LOCKED_REFRESH_INTERVAL_MS = 1000;

const OPTIONS = {
  ...TARGET_OPTIONS,
  lock: { type: 'string' },
  'data-dir': { type: 'string' },
  http: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  ...limitOptions([...new Set([...LISTING_LIMITS, ...READING_LIMITS])]),
} as const;

export async function gatewayCommand(args: string[], io: Streams): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  if (positionals.length > 0) throw new UsageError(`gateway takes no positional arguments (got "${positionals[0]}").`);
  const port = values.http === undefined ? undefined : parsePort(values.http);
  const names = [values.stdio, values.url, values.config].some((v) => v !== undefined);
  if (values.lock === undefined && names) throw new UsageError('gateway serves an upstream server only from a lockfile: give --lock <file> with --stdio, --url or --config.');
  if (values.lock !== undefined && values['data-dir'] !== undefined) throw new UsageError('gateway takes --lock (headless, from a lockfile) or --data-dir (the app\'s approvals), not both.');
  // A host may show the gateway's stderr to a person: what the upstream server wrote into a line is shown, never run (terminal-text.ts).
  const warn = (line: string) => io.err.write(`${forTerminal(line)}\n`);
  const cleanup: Array<() => Promise<void> | void> = [];
  let catalog: GatewayCatalog;
  // The upstream server's list_changed, once there is a gateway to refresh (paced: gateway.ts).
  let upstreamChanged: () => void = () => undefined;
  if (values.lock !== undefined) {
    const target = await resolveTarget(values);
    const lockfile = await readLockfile(values.lock);
    const pinned = pickServer(lockfile, values.lock, { label: values.label, preferred: target.label });
    progressTo(io.err, values.quiet)(`Connecting to ${target.label}${describeStart(target.transport)}…`);
    const session = await openSession({ ...target, label: pinned.label }, limitSettings(values), { onNotice: () => upstreamChanged() });
    cleanup.push(() => session.close());
    catalog = new LockedCatalog(session, pinned.label, pinned.server, warn);
  } else {
    const dataDir = values['data-dir'] ?? defaultDataDir();
    // A folder under a file, or one that will not open, said in words before anything is served (data-dir.ts).
    await checkDataDirReadable(dataDir);
    catalog = new ApprovedCatalog(dataDir, (line) => warn(`skill-inspector gateway: ${line}`));
  }
  const gateway = new Gateway(catalog, {
    onWarning: (line) => warn(`skill-inspector gateway: ${line}`),
    // A lockfile's refresh lists the upstream server and reads every locked file: at most one per interval.
    ...(values.lock !== undefined ? { minRefreshIntervalMs: LOCKED_REFRESH_INTERVAL_MS } : {}),
  });
  upstreamChanged = () => gateway.upstreamChanged();
  cleanup.push(() => gateway.stop());
  try {
    // Checked before the first host is served.
    const served = await gateway.sync();
    progressTo(io.err, values.quiet)(`skill-inspector gateway: serving ${served.length} skill(s).`);
    if (catalog instanceof ApprovedCatalog) {
      // The app writes approvals.json and servers.json whole (atomically): each write is a chance the set changed.
      const unwatch = watchAppData(catalog, () => void gateway.sync().catch((error: unknown) => warn(`skill-inspector gateway: ${error instanceof Error ? error.message : String(error)}`)));
      cleanup.push(unwatch);
    }
    if (port === undefined) {
      const inputEnded = new Promise<number>((resolve) => {
        process.stdin.once('end', () => resolve(0));
        process.stdin.once('close', () => resolve(0));
      });
      serveGatewayStdio(gateway);
      return await inputEnded;
    }
    const fromEnv = process.env[GATEWAY_TOKEN_ENV];
    const http = await serveGatewayHttp(gateway, { port, token: fromEnv && fromEnv.length > 0 ? fromEnv : newGatewayToken() });
    io.err.write(`skill-inspector gateway: listening on ${http.url}\n`);
    if (!fromEnv) io.err.write(`skill-inspector gateway: token ${http.token}\n`);
    return await new Promise<number>(() => undefined);
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
}

function parsePort(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new UsageError(`--http needs a port number from 0 to 65535 (0 picks a free one), got "${text}".`);
  return Number(text);
}
