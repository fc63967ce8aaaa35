// Frontmatter keys that are Object.prototype's names (issue 13, item 16), end
// to end: listed by a real server (the hostile-edges fixture over stdio), read
// and compared by the built `skill-inspector check`. Each key is a field like
// any other, in the listing and in the served SKILL.md, with its own line —
// never "line [object Object]" (a plain object's prototype) and never lost. A
// `__proto__` key in SKILL.md is refused by hosts built on the MCP SDK, at its line.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { HOSTILE_EDGES_SERVER } from '../fixtures/hostile-edges/harness.js';

const KEYS = ['__proto__', 'constructor', 'hasOwnProperty', 'toString'] as const;
const stdio = (twin: boolean) => commandLine(process.execPath, HOSTILE_EDGES_SERVER, 'frontmatter-proto-keys', ...(twin ? ['--twin'] : []));

describe('prototype names as frontmatter keys, through check', () => {
  it('reports each key on both sides with its own line, and compares them as equal when they are', async () => {
    const run = await runCli(['check', '--stdio', stdio(true), '--json', '--fail-on', 'error']);
    expect(run.code, run.stderr).toBe(0);
    const findings = (JSON.parse(run.stdout) as { findings: Finding[] }).findings;
    const unknown = findings.filter((f) => f.id === 'agentskills-unknown-field');
    // The listing's copy (field frontmatter.<key>) says what the served file's (field <key>, at its line) says: it is reported once, on the file (issue 14).
    expect(unknown.filter((f) => f.location.fileUri === undefined).map((f) => f.location.field)).toEqual([]);
    expect(unknown.filter((f) => f.location.fileUri !== undefined).map((f) => [f.location.field, f.location.line])).toEqual(KEYS.slice(1).map((k, i) => [k, 4 + i]));
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('reports a __proto__ field in the served SKILL.md as refused by hosts built on the SDK, at its line, in the JSON report and the text report', async () => {
    const json = await runCli(['check', '--stdio', stdio(false), '--json', '--fail-on', 'error']);
    expect(json.code).toBe(1);
    const findings = (JSON.parse(json.stdout) as { findings: Finding[] }).findings;
    expect(findings.filter((f) => f.severity === 'error').map((f) => [f.id, f.location.line, f.message])).toEqual([
      ['sep-2640-skillmd-frontmatter', 4, 'Hosts built on the MCP SDK refuse this SKILL.md: it has a "__proto__" key, which their reader refuses.'],
    ]);
    // Read as a YAML library reads it, each key is still a field at its own line.
    expect(findings.filter((f) => f.id === 'agentskills-unknown-field' && f.location.fileUri !== undefined).map((f) => [f.location.field, f.location.line])).toEqual(KEYS.map((k, i) => [k, 4 + i]));

    const text = await runCli(['check', '--stdio', stdio(false)]);
    expect(text.stdout).toContain('(line 4) Hosts built on the MCP SDK refuse this SKILL.md: it has a "__proto__" key');
    expect(text.stdout).not.toContain('[object Object]');
    expect(text.stdout).not.toMatch(/line function/);
  });
});
