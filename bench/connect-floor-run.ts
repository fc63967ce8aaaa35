// The floor of many servers connecting: bare SDK Clients in one process, each
// spawning its synthetic catalog server over stdio, connecting and listing
// every skills/list page (no result validation, nothing kept), `--at-once`
// at a time as the app's run does. The event-loop delay of this process,
// sampled the same way, is what spawning the servers and moving their bytes
// costs a main thread with no app on it.
// Prints one JSON line: ConnectFloorResult.
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { eachAtMost } from '../shared/at-most.js';
import { sampleLoop, type LoopDelay } from './loop-delay.js';

export interface ConnectFloorResult {
  readonly servers: number;
  readonly atOnce: number;
  readonly connected: number;
  readonly skillsListed: number;
  readonly allListedMs: number;
  /** From the start to the first server's first skills/list page. */
  readonly firstListedMs: number | null;
  /** The same moment on the wall clock (ms since the epoch, sub-millisecond), for a parent that timed the spawn. */
  readonly firstListedAtEpochMs: number | null;
  readonly loop: LoopDelay;
}

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '100' },
    'at-once': { type: 'string', default: '3' },
    'server-entry': { type: 'string' },
    skills: { type: 'string', default: '50' },
    files: { type: 'string', default: '5' },
  },
});
if (!values['server-entry']) throw new Error('connect-floor-run: --server-entry (the catalog server bundle) is required');
const servers = Number(values.servers);
const atOnce = Math.max(1, Number(values['at-once']));
const serverArgs = [values['server-entry'], '--skills', values.skills, '--files', values.files];
const unchecked = { '~standard': { version: 1 as const, vendor: 'bench-floor', validate: (value: unknown) => ({ value }) } };

const clients: Client[] = [];
let connected = 0;
let skillsListed = 0;
let firstListedAt: number | undefined;
const startedAt = performance.now();
async function list(client: Client): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = (await client.request({ method: 'skills/list', params: cursor === undefined ? {} : { cursor } } as never, unchecked as never)) as { skills: unknown[]; nextCursor?: string };
    skillsListed += page.skills.length;
    firstListedAt ??= performance.now();
    cursor = page.nextCursor;
  } while (cursor);
}

const run = await sampleLoop(async () => {
  // `atOnce` connects at a time, as the app's run does; each listing goes on while the next connect starts.
  const listings: Array<Promise<void>> = [];
  await eachAtMost(Array.from({ length: servers }, (_, i) => i), atOnce, async () => {
    const client = new Client({ name: 'bench-connect-floor', version: '0.0.0' }, { versionNegotiation: { mode: 'auto' }, capabilities: {} });
    clients.push(client);
    try {
      await client.connect(new StdioClientTransport({ command: process.execPath, args: serverArgs, stderr: 'ignore' }));
      connected++;
      listings.push(list(client));
    } catch {
      // A server that did not start is counted by `connected`; the others go on.
    }
  });
  await Promise.allSettled(listings);
});
await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
const result: ConnectFloorResult = { servers, atOnce, connected, skillsListed, allListedMs: run.wallMs, firstListedMs: firstListedAt === undefined ? null : firstListedAt - startedAt, firstListedAtEpochMs: firstListedAt === undefined ? null : performance.timeOrigin + firstListedAt, loop: run.loop };
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
