// Child processes for the bench: run one to completion with a time limit and
// wall-clock timing, or start the HTTP catalog server and stop it again.
import { spawn, type ChildProcess } from 'node:child_process';

export interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
  readonly timedOut: boolean;
}

export function runToEnd(command: string, args: readonly string[], options: { timeoutMs: number; env?: NodeJS.ProcessEnv; cwd?: string; keepStdout?: boolean }): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: options.env ?? process.env, ...(options.cwd ? { cwd: options.cwd } : {}) });
    const out: Buffer[] = [];
    let outTail = '';
    let stderr = '';
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      // The peer prints one report per skill; keep only what is needed.
      if (options.keepStdout !== false) out.push(chunk);
      else {
        for (const byte of chunk) if (byte === 10) lines++;
        outTail = (outTail + chunk.toString('utf8')).slice(-4096);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-64 * 1024);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const wallMs = performance.now() - t0;
      const stdout = options.keepStdout !== false ? Buffer.concat(out).toString('utf8') : `${lines}\n${outTail}`;
      resolve({ code, signal, stdout, stderr, wallMs, timedOut });
    });
  });
}

/** The last JSON line a child printed. */
export function lastJson<T>(stdout: string): T {
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1] ?? '') as T;
}

export interface HttpCatalog {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startHttpCatalog(serverEntry: string, skills: number, files: number): Promise<HttpCatalog> {
  return startHttpServer([serverEntry, '--transport', 'http', '--skills', String(skills), '--files', String(files)]);
}

/** Starts a Node server that prints `{"url": …}` as its first stdout line once it listens over HTTP. */
export async function startHttpServer(args: readonly string[]): Promise<HttpCatalog> {
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the HTTP catalog server did not start: ${stderr}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve((JSON.parse(out.slice(0, nl)) as { url: string }).url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the HTTP catalog server exited with ${code}: ${stderr}`));
    });
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
