// What the command prints for a person is read in a terminal, and a server
// writes much of it: its serverInfo, field names, URIs, the messages built from
// them. A control sequence in any of them (move the cursor, clear a line, hide
// the rest, set the title) would let the server rewrite the report: a skill
// that failed verification shown as matching its listing. Every control
// character a server sent is printed as a visible mark instead. Real built
// command against test/fixtures/cli/escape-server.mjs over stdio.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, commandLine, runCli } from '../fixtures/cli/harness.js';
import { tempDir } from '../fixtures/mutable-server/fixture.js';
import { eventually, gatewayOverStdio } from './gateway-harness.js';

const SERVER = commandLine(process.execPath, path.join(FIXTURES, 'escape-server.mjs'));
/** Any C0 control but the line feed, DEL, or a C1 control: none of them may reach the terminal from a server. */
function controlsIn(text: string): string[] {
  return [...text].filter((ch) => {
    const c = ch.codePointAt(0)!;
    return (c < 0x20 && c !== 0x0a) || (c >= 0x7f && c <= 0x9f);
  });
}

let folder: string;
beforeAll(async () => {
  folder = await tempDir('terminal-text');
});
afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

describe('text a server wrote is printed with its control characters shown, not run', { timeout: 120_000 }, () => {
  it('check: the report says the tampered skill failed, and nothing the server sent can rewrite it', async () => {
    const run = await runCli(['check', '--stdio', SERVER]);
    expect(run.code).toBe(1);
    expect(controlsIn(run.stdout)).toEqual([]);
    expect(run.stdout).toContain('skill://tampered/SKILL.md  [mismatch]');
    expect(run.stdout).toContain('self-reported escape-server⟦ESC⟧[2J⟦ESC⟧[H 1.0.0⟦ESC⟧]0;pwned⟦BEL⟧');
    expect(run.stdout).toContain('Field "⟦CR⟧⟦ESC⟧[1A⟦ESC⟧[2Kskill://tampered/SKILL.md  [matches listing]  Clean as checked⟦LF⟧⟦ESC⟧[8m" differs');
  });

  it('approve: the refusal names the failed field without running it', async () => {
    const key = path.join(folder, 'alice.key');
    expect((await runCli(['key', 'new', '--name', 'Alice', '--out', key])).code).toBe(0);
    const run = await runCli(['approve', '--stdio', SERVER, '--label', 'escape', '--key', key, '--out', path.join(folder, 'receipts'), '--quiet', '--skill', 'tampered']);
    expect(run.code).toBe(1);
    expect(controlsIn(run.stdout + run.stderr)).toEqual([]);
    expect(run.stdout).toContain('Not approved: skill://tampered/SKILL.md');
  });

  it('gateway --lock: the line on stderr saying why the skill is not served shows the field name without running it', async () => {
    const lockFile = path.join(folder, 'skills.lock.json');
    // Lock pins the listing (no file is read): the tampered skill is pinned, and fails when the gateway reads it.
    expect((await runCli(['lock', '--stdio', SERVER, '--label', 'escape', '--output', lockFile, '--quiet'])).code).toBe(0);
    const gateway = await gatewayOverStdio(['--lock', lockFile, '--stdio', SERVER]);
    try {
      expect((await gateway.skills.list()).skills).toEqual([]);
      await eventually(() => expect(gateway.stderr()).toContain('skill://tampered/SKILL.md is not served'));
      expect(controlsIn(gateway.stderr())).toEqual([]);
      expect(gateway.stderr()).toContain('⟦ESC⟧[1A');
    } finally {
      await gateway.close();
    }
  });
});
