// `skill-inspector demo-server`: the bundled sample skills, over stdio (the
// default; ends when stdin closes) or Streamable HTTP on 127.0.0.1. With --http, one line on stderr
// says where it listens — `… listening on http://127.0.0.1:<port>/mcp` — so
// `--http 0` (any free port) can be used from scripts and tests.
import { parseArgs } from 'node:util';
import { serveDemoStdio } from '../demo/demo-server.js';
import type { Streams } from './streams.js';
import { UsageError } from './target.js';

export async function demoServerCommand(args: string[], io: Streams): Promise<number> {
  const { values } = parseArgs({ args, options: { http: { type: 'string' } } });
  if (values.http === undefined) {
    // Registered before serving starts, so the end of input cannot be missed.
    const inputEnded = new Promise<number>((resolve) => {
      process.stdin.once('end', () => resolve(0));
      process.stdin.once('close', () => resolve(0));
    });
    await serveDemoStdio();
    // The MCP stdio binding: a server exits when its client closes stdin.
    return await inputEnded;
  }
  if (!/^\d+$/.test(values.http) || Number(values.http) > 65535) throw new UsageError(`--http needs a port number from 0 to 65535 (0 picks a free one), got "${values.http}".`);
  const { serveDemoHttp } = await import('../demo/demo-http.js');
  const served = await serveDemoHttp(Number(values.http));
  io.err.write(`skill-inspector demo-server: listening on ${served.url}\n`);
  return await runUntilStopped();
}

/** An HTTP server runs until its process is stopped by a signal, so this never resolves. */
function runUntilStopped(): Promise<number> {
  return new Promise<number>(() => undefined);
}
