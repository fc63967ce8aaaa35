// The fleet runner shared by check, lock, verify and verify --receipts --all:
// results in the config's order whatever order the servers finish in, never
// more than --jobs at once, and each server's failure its own result.
import { describe, expect, it } from 'vitest';
import { ServerNotChecked, fleetExitCode, runFleet } from './fleet.js';
import { ConnectFailure } from './session.js';
import type { ConfigServer } from './target.js';

const server = (name: string): ConfigServer => ({ name, target: { label: name, transport: { kind: 'stdio', command: name, args: [], env: {} } } });

describe('runFleet', () => {
  it('keeps the config order, runs at most `jobs` at once, and prefixes progress with the server', async () => {
    const servers = ['a', 'b', 'c', 'd', 'e'].map(server);
    let running = 0;
    let most = 0;
    // A server at an even position waits until the next one has started, so that one finishes first: the order must still be the config's.
    const started = new Map<string, () => void>();
    const waits = new Map(servers.map((s) => [s.name, new Promise<void>((resolve) => started.set(s.name, resolve))]));
    const lines: string[] = [];
    const results = await runFleet(servers, { jobs: 2, progress: (l) => lines.push(l), stopped: 'it stopped' }, async (target, say) => {
      running++;
      most = Math.max(most, running);
      say('working');
      const index = servers.findIndex((s) => s.name === target.label);
      started.get(target.label)!();
      if (index % 2 === 0 && index + 1 < servers.length) await waits.get(servers[index + 1]!.name);
      running--;
      return { report: target.label.toUpperCase(), exitCode: target.label === 'c' ? 1 : 0 };
    });
    expect(results.map((r) => [r.name, r.report, r.exitCode])).toEqual([
      ['a', 'A', 0],
      ['b', 'B', 0],
      ['c', 'C', 1],
      ['d', 'D', 0],
      ['e', 'E', 0],
    ]);
    expect(most).toBe(2);
    expect(lines.sort()).toEqual(['[a] working', '[b] working', '[c] working', '[d] working', '[e] working']);
    expect(fleetExitCode(results)).toBe(1);
  });

  it('makes each failure that server\'s result, in its own words, and runs the others', async () => {
    const servers: ConfigServer[] = [server('down'), server('unpinned'), server('bug'), { name: 'empty', error: 'Server "empty" has no command or url.' }, server('fine')];
    const results = await runFleet(servers, { jobs: 3, progress: () => undefined, stopped: 'the lock stopped' }, async (target) => {
      if (target.label === 'down') throw new ConnectFailure('Command not found.');
      if (target.label === 'unpinned') throw new ServerNotChecked('x.lock.json pins no server "unpinned".');
      if (target.label === 'bug') throw new TypeError('undefined is not a function');
      return { report: 'ok', exitCode: 0 };
    });
    expect(results).toEqual([
      { name: 'down', unchecked: 'cannot connect. Command not found.', exitCode: 2 },
      { name: 'unpinned', unchecked: 'x.lock.json pins no server "unpinned".', exitCode: 2 },
      { name: 'bug', unchecked: 'the lock stopped: undefined is not a function', exitCode: 2 },
      { name: 'empty', unchecked: 'Server "empty" has no command or url.', exitCode: 2 },
      { name: 'fine', report: 'ok', exitCode: 0 },
    ]);
    expect(fleetExitCode(results)).toBe(2);
    expect(fleetExitCode([])).toBe(0);
  });
});
