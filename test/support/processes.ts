// Test helpers for the tests that watch real processes end (process-tree,
// process-children, cli-interrupt-servers): a stdio server small enough to
// write inline, and whether a pid is still running.

/**
 * The text of a 2025-era stdio MCP server in a few lines of Node: it answers
 * `initialize` (as `name`, with `capabilities`), refuses `server/discover`,
 * and runs `handle` for every message (`message` and `answer(id, result)` in
 * scope). `prelude` runs first.
 */
export function tinyStdioServer(options: { name: string; capabilities?: string; prelude?: string; handle?: string }): string {
  return `
const { spawn } = require('node:child_process');
${options.prelude ?? ''}
const answer = (id, result) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\\n');
let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let newline;
  while ((newline = pending.indexOf('\\n')) >= 0) {
    const message = JSON.parse(pending.slice(0, newline));
    pending = pending.slice(newline + 1);
    if (message.method === 'initialize') answer(message.id, { protocolVersion: message.params.protocolVersion, capabilities: ${options.capabilities ?? '{}'}, serverInfo: { name: ${JSON.stringify(options.name)}, version: '1' } });
    if (message.method === 'server/discover') process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }) + '\\n');
    ${options.handle ?? ''}
  }
});
`;
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Whether the process is gone within a generous bound (an orphan is collected by init, which may take its time). */
export async function goneSoon(pid: number): Promise<boolean> {
  for (let i = 0; i < 300 && isRunning(pid); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return !isRunning(pid);
}

/** Ends what a test left running; a pid already gone is what the test wanted. */
export function killLeft(pids: readonly number[], signal: NodeJS.Signals = 'SIGKILL'): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone, as it should be
    }
  }
}
