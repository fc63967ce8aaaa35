// The floor: a bare SDK Client making the same resources/read calls as Verify
// all, at the same concurrency, hashing each file's bytes with node:crypto and
// doing nothing else. The listing it reads first is not timed.
// Prints one JSON line: FloorRunResult.
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ListSkillsResultSchema } from '@modelcontextprotocol/core/ext/skills';
import { DEFAULT_SETTINGS } from '../shared/model.js';
import { SERVER_OPTIONS, serverTransport } from './server-args.js';
import { peakRssMb } from './peak-rss.js';

export interface FloorRunResult {
  readonly readMs: number;
  /** CPU time (user + system) of this process while reading and hashing. */
  readonly readCpuMs: number;
  readonly files: number;
  /** Peak resident memory of this process, for comparison with the engine's. */
  readonly peakRssMb: number;
  readonly mismatched: number;
  readonly concurrency: number;
}

const { values } = parseArgs({
  options: {
    ...SERVER_OPTIONS,
    concurrency: { type: 'string' },
  },
});

/**
 * No result schema: the floor skips the SDK's result validation (the engine
 * checks shapes itself), so it is the true lower bound of SDK transport plus hashing.
 */
const unchecked = { '~standard': { version: 1 as const, vendor: 'bench-floor', validate: (value: unknown) => ({ value }) } };

const concurrency = Number(values.concurrency ?? DEFAULT_SETTINGS.readConcurrency);
const server = serverTransport(values);
const transport: Transport =
  server.kind !== 'stdio'
    ? new StreamableHTTPClientTransport(new URL(server.url))
    : new StdioClientTransport({ command: server.command, args: [...server.args], stderr: 'ignore' });
const client = new Client({ name: 'bench-floor', version: '0.0.0' }, { versionNegotiation: { mode: 'auto' }, capabilities: {} });
await client.connect(transport);

const files: Array<{ uri: string; digest: string }> = [];
let cursor: string | undefined;
do {
  const page = await client.request({ method: 'skills/list', params: cursor === undefined ? {} : { cursor } } as never, ListSkillsResultSchema as never);
  const { skills, nextCursor } = page as unknown as { skills: Array<{ resources: Array<{ uri: string; digest: string }> | 'dynamic' }>; nextCursor?: string };
  for (const skill of skills) if (Array.isArray(skill.resources)) for (const r of skill.resources) files.push({ uri: r.uri, digest: r.digest });
  cursor = nextCursor;
} while (cursor);

let mismatched = 0;
let next = 0;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
await Promise.all(
  Array.from({ length: Math.min(concurrency, files.length) }, async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const result = (await client.request({ method: 'resources/read', params: { uri: file.uri } } as never, unchecked as never)) as { contents: Array<{ text?: string; blob?: string }> };
      const content = result.contents[0];
      const hash = createHash('sha256');
      if (typeof content?.text === 'string') hash.update(content.text, 'utf8');
      else if (typeof content?.blob === 'string') hash.update(Buffer.from(content.blob, 'base64'));
      if (`sha256:${hash.digest('hex')}` !== file.digest) mismatched++;
    }
  }),
);
const readMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
await client.close();
const result: FloorRunResult = { readMs, readCpuMs: (cpu.user + cpu.system) / 1000, files: files.length, peakRssMb: peakRssMb(), mismatched, concurrency };
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
