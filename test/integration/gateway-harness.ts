// A host for the gateway tests: the official SDK v2 client and its own
// SkillsClient (which verifies digests, sizes and frontmatter), connected to
// the built `skill-inspector gateway` over stdio or Streamable HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { CLI } from '../support/paths.js';

export interface GatewayHost {
  readonly client: Client;
  readonly skills: SkillsClient;
  /** Everything the gateway wrote on stderr so far. */
  stderr(): string;
  /** How many notifications/resources/list_changed arrived. */
  listChanged(): number;
  close(): Promise<void>;
}

function host(client: Client, stderr: () => string): GatewayHost {
  let changes = 0;
  client.setNotificationHandler('notifications/resources/list_changed', () => {
    changes++;
  });
  return { client, skills: new SkillsClient(client), stderr, listChanged: () => changes, close: () => client.close() };
}

/** Starts `skill-inspector gateway ...args` as a host would, over stdio. */
export async function gatewayOverStdio(args: readonly string[]): Promise<GatewayHost> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'gateway', ...args], stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const client = new Client({ name: 'gateway-test-host', version: '1.0.0' });
  const h = host(client, () => err);
  await client.connect(transport);
  return h;
}

export interface RunningGateway {
  readonly url: string;
  readonly child: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `skill-inspector gateway ...args --http 0` and waits for its "listening on" line. */
export async function gatewayOverHttp(args: readonly string[], env: Record<string, string>): Promise<RunningGateway> {
  const child = spawn(process.execPath, [CLI, 'gateway', ...args, '--http', '0'], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the gateway did not start:\n${err}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code}):\n${err}`)));
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return {
    url,
    child,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A host connected to a running HTTP gateway with its bearer token. */
export async function hostOverHttp(url: string, token: string): Promise<GatewayHost> {
  const client = new Client({ name: 'gateway-test-host', version: '1.0.0' });
  const h = host(client, () => '');
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return h;
}

/** Polls until `check` holds (or throws its last error after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
