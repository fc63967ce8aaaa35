// A stdio server started with a secret on its command line (`--api-key sk-…`,
// `--token=…`): the diagnostics that quote the command (it exited, closed its
// output, wrote junk, never answered) printed the whole line, so the command's
// stderr and any log that keeps it held the key. The app hid it only because
// its bridge redacts the secrets it knows; the command has no such layer. The
// command line is now quoted with each secret argument shown as the mask, by
// the same reading that keeps them out of servers.json (splitSecrets).
import { describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../shared/secret-args.js';
import type { TransportConfig } from '../../shared/model.js';
import { diagnose, type FailureContext } from './diagnose.js';

const KEY = 'sk-live-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c';
const transport = { kind: 'stdio', command: 'node', args: ['server.mjs', '--api-key', KEY, `--token=${KEY}x`, '--port', '8080'], env: {}, cwd: undefined } as unknown as TransportConfig;

function context(overrides: Partial<FailureContext>): FailureContext {
  return { error: new Error('Connection closed'), transport, process: {}, http: {}, lastStderr: '', timeoutMs: 10_000, unanswered: ['initialize'], limitName: () => 'the limit', ...overrides } as FailureContext;
}

describe('a stdio command line with secrets in the diagnostics', () => {
  for (const [what, overrides] of [
    ['exited', { process: { exitCode: 1 } }],
    ['closed its output', {}],
    ['wrote text that is not JSON-RPC', { process: { exitCode: 1, nonProtocolOutput: ['hello'] } }],
  ] as const) {
    it(`${what}: the command is quoted with its secrets masked, the rest as written`, () => {
      const shown = JSON.stringify(diagnose(context(overrides as Partial<FailureContext>)));
      expect(shown).not.toContain(KEY);
      expect(shown).toContain(`node server.mjs --api-key ${SECRET_MASK} --token=${SECRET_MASK} --port 8080`);
    });
  }
});
