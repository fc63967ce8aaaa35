// Argument parsing and exit codes for `skill-inspector`. Exit codes:
// 0 clean, 1 findings at or above --fail-on, 2 cannot connect or bad usage.
import { parseArgs } from 'node:util';
import { severityRank } from '../../shared/findings.js';
import type { Severity } from '../../shared/model.js';
import { serveDemoHttp, serveDemoStdio } from '../demo/demo-server.js';
import { runCheck } from './check.js';
import { runList, runLoad } from './host.js';
import { formatText } from './format-text.js';
import { ConnectFailure, openSession } from './session.js';
import { UsageError, resolveTarget } from './target.js';

export const USAGE = `Usage: skill-inspector <command> [options]

Commands:
  check        List, get, read and verify every skill of one server; print findings.
  list         List one server's skills without reading any file.
  load         Load one skill as a host would (--skill <SKILL.md URI>): verify, then print it.
  demo-server  Serve the bundled sample skills (stdio, or --http PORT on 127.0.0.1).

Naming a server (every command):
  --stdio "<command and args>"     start a stdio server
  --url <http url> [--header 'Name: value' ...]
  --config <file> --server <name>  a server from a Claude Desktop, Cursor, VS Code or MCP Inspector config

check options:
  --json                 machine-readable output on stdout
  --fail-on <level>      error (default) | warning | never

Exit codes: 0 clean, 1 findings at or above --fail-on, 2 cannot connect or bad usage.
`;

const targetOptions = {
  stdio: { type: 'string' },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  config: { type: 'string' },
  server: { type: 'string' },
} as const;

export async function runCli(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'demo-server':
        return await demoServer(rest, err);
      case 'check':
        return await check(rest, out, err);
      case 'list':
        return await runList(rest, out);
      case 'load':
        return await runLoad(rest, out, err);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        out.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err.write(`skill-inspector: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConnectFailure) {
      err.write(`skill-inspector: cannot connect. ${error.message}\n`);
      return 2;
    }
    err.write(`skill-inspector: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

async function demoServer(args: string[], err: NodeJS.WritableStream): Promise<number> {
  const { values } = parseArgs({ args, options: { http: { type: 'string' } } });
  if (values.http === undefined) {
    await serveDemoStdio();
    return await new Promise<number>(() => undefined);
  }
  const port = Number(values.http);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--http needs a port number, got "${values.http}".`);
  const served = await serveDemoHttp(port);
  err.write(`Sample skills server: ${served.url}\n`);
  return await new Promise<number>(() => undefined);
}

async function check(args: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { ...targetOptions, json: { type: 'boolean', default: false }, 'fail-on': { type: 'string', default: 'error' } },
  });
  const failOn = values['fail-on'];
  if (failOn !== 'error' && failOn !== 'warning' && failOn !== 'never') throw new UsageError(`--fail-on must be error, warning or never, got "${failOn}".`);
  const target = await resolveTarget(values);
  const session = await openSession(target);
  try {
    const progress = (line: string) => err.write(`${line}\n`);
    const report = await runCheck(session, progress);
    if (values.json) out.write(`${JSON.stringify(report, null, 2)}\n`);
    else out.write(formatText(report, Boolean((out as { isTTY?: boolean }).isTTY)));
    if (failOn === 'never') return 0;
    const threshold = severityRank(failOn as Severity);
    return report.findings.some((f) => severityRank(f.severity) >= threshold) ? 1 : 0;
  } finally {
    await session.close();
  }
}
