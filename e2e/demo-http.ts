// The bundled sample skills over Streamable HTTP, as a user would serve them:
// the built `skill-inspector demo-server --http 0`, on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI, ROOT } from '../test/support/paths.js';

export interface DemoHttp {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): void;
}

export async function startDemoHttp(): Promise<DemoHttp> {
  const child = spawn(process.execPath, [CLI, 'demo-server', '--http', '0'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`demo-server did not start: ${stderr}`)), 20_000);
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`demo-server exited with ${code}: ${stderr}`));
    });
  });
  return { url, child, stop: () => void child.kill() };
}
