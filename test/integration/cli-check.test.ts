// `skill-inspector check`, run as the real built command against the demo
// server (stdio and HTTP) and a fixture server that serves other bytes than
// it lists: every output format parsed, every exit code, and stdout holding
// only the machine output while progress goes to stderr.
import { promises as fs } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDINGS, finding, isFindingId } from '../../shared/findings.js';
import { formatJunit } from '../../electron/cli/format-junit.js';
import { DEMO_STDIO, INCONSISTENT_SERVER, commandLine, runCli, sha256, startListening, type RunningServer } from '../fixtures/cli/harness.js';
import { childrenNamed, parseXml, type XmlElement } from '../fixtures/cli/xml.js';
import { CLI, ROOT } from '../support/paths.js';

const TAMPERED = commandLine(process.execPath, INCONSISTENT_SERVER);
// What the fixture lists for skill://tampered/SKILL.md, and what it serves instead.
const LISTED_TEXT = '---\nname: tampered\ndescription: Lists one digest and serves other bytes.\n---\n\nSay hello.\n';
const SERVED_TEXT = LISTED_TEXT.replace('hello', 'HELLO');

interface Report {
  server: { label: string; era?: string; protocolVersion?: string };
  skills: Array<{ uri: string; status: string }>;
  findings: Array<{ id: string; severity: string; message: string; expected?: string; actual?: string; location: { skillUri?: string; fileUri?: string } }>;
  failOn: string;
  failing: number;
}

interface SarifLog {
  $schema: string;
  version: string;
  runs: Array<{
    tool: { driver: { name: string; version: string; rules: Array<{ id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }> } };
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{ physicalLocation?: { artifactLocation: { uri: string; uriBaseId?: string }; region?: { startLine: number } }; logicalLocations?: Array<{ fullyQualifiedName: string }> }>;
    }>;
  }>;
}

/** SARIF 2.1.0 at the level code-scanning UIs read it; returns the log for further checks. */
function expectSarif(stdout: string): SarifLog {
  const log = JSON.parse(stdout) as SarifLog;
  expect(log.version).toBe('2.1.0');
  expect(log.$schema).toMatch(/sarif-2\.1\.0/);
  expect(log.runs).toHaveLength(1);
  const run = log.runs[0]!;
  expect(run.tool.driver.name).toBe('skill-inspector');
  const ids = run.tool.driver.rules.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const rule of run.tool.driver.rules) {
    expect(isFindingId(rule.id)).toBe(true);
    if (isFindingId(rule.id)) expect(rule.shortDescription.text).toBe(FINDINGS[rule.id].title);
    expect(['error', 'warning', 'note']).toContain(rule.defaultConfiguration.level);
  }
  for (const result of run.results) {
    expect(run.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId);
    expect(['error', 'warning', 'note']).toContain(result.level);
    expect(result.message.text.length).toBeGreaterThan(0);
    expect(result.locations.length).toBeGreaterThanOrEqual(1);
  }
  // Every finding ID that appears has its rule, and no rule is unused.
  expect(new Set(run.results.map((r) => r.ruleId))).toEqual(new Set(ids));
  return log;
}

function junitCases(xml: string): { suites: XmlElement; suite: XmlElement; cases: XmlElement[] } {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const suites = parseXml(xml);
  expect(suites.name).toBe('testsuites');
  const [suite, ...more] = childrenNamed(suites, 'testsuite');
  expect(more).toHaveLength(0);
  const cases = childrenNamed(suite!, 'testcase');
  expect(Number(suite!.attributes['tests'])).toBe(cases.length);
  expect(Number(suites.attributes['tests'])).toBe(cases.length);
  const failed = cases.filter((c) => childrenNamed(c, 'failure').length > 0).length;
  expect(Number(suite!.attributes['failures'])).toBe(failed);
  expect(Number(suites.attributes['failures'])).toBe(failed);
  return { suites, suite: suite!, cases };
}

async function demoSkillCount(): Promise<number> {
  const entries = await fs.readdir(path.join(ROOT, 'assets', 'demo-skills'), { recursive: true });
  return entries.filter((e) => path.basename(e) === 'SKILL.md').length;
}

describe('skill-inspector check against the demo server (stdio)', { timeout: 120_000 }, () => {
  it('prints text with progress on stderr only, and exits 0 when nothing reaches --fail-on error', async () => {
    const run = await runCli(['check', '--stdio', DEMO_STDIO]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Server node cli\.js demo-server — modern era \(2026-07-28\)/);
    expect(run.stdout).toContain('skill://hello-world/SKILL.md  [matches listing]');
    expect(run.stdout).toMatch(/\n\d+ skill\(s\); 0 error\(s\), \d+ warning\(s\), \d+ info\.\nRule set [0-9a-f]{8}: \d+ conformance rules, \d+ content-risk rules\.\n$/);
    expect(run.stdout).not.toContain('\x1b['); // not a terminal: no colour
    expect(run.stdout).not.toContain('Listing skills');
    expect(run.stderr).toContain('Listing skills…');
    expect(run.stderr).toMatch(/Verified (\d+)\/\1/);
  });

  it('--json: stdout is one JSON document; every skill verified; exit 0', async () => {
    const run = await runCli(['check', '--stdio', DEMO_STDIO, '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.skills).toHaveLength(await demoSkillCount());
    expect(report.skills.every((s) => s.status === 'verified')).toBe(true);
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(report.failOn).toBe('error');
    expect(report.failing).toBe(0);
    expect(report.server.protocolVersion).toBe('2026-07-28');
    expect(run.stderr).toContain('Listing skills…');
  });

  it('--fail-on warning exits 1 for the two skills named "refunds"', async () => {
    const run = await runCli(['check', '--stdio', DEMO_STDIO, '--json', '--fail-on', 'warning']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    const unique = report.findings.filter((f) => f.id === 'sep-2640-names-should-be-unique').map((f) => f.location.skillUri).sort();
    expect(unique).toEqual(['skill://acme/billing/refunds/SKILL.md', 'skill://acme/support/refunds/SKILL.md']);
    expect(report.failing).toBe(report.findings.filter((f) => f.severity !== 'info').length);
  });

  it('--junit: one test case per skill plus the server; warnings fail only with --fail-on warning', async () => {
    const clean = await runCli(['check', '--stdio', DEMO_STDIO, '--junit']);
    expect(clean.code).toBe(0);
    const { suite, cases } = junitCases(clean.stdout);
    expect(suite.attributes['name']).toBe('node cli.js demo-server');
    expect(cases.map((c) => c.attributes['name'])).toContain('(server)');
    expect(cases.map((c) => c.attributes['name'])).toContain('skill://hello-world/SKILL.md');
    expect(cases).toHaveLength((await demoSkillCount()) + 1);
    expect(suite.attributes['failures']).toBe('0');
    const billing = cases.find((c) => c.attributes['name'] === 'skill://acme/billing/refunds/SKILL.md')!;
    expect(childrenNamed(billing, 'system-out')[0]!.text).toContain('warning sep-2640-names-should-be-unique');

    const strict = await runCli(['check', '--stdio', DEMO_STDIO, '--junit', '--fail-on', 'warning']);
    expect(strict.code).toBe(1);
    const failing = junitCases(strict.stdout).cases.filter((c) => childrenNamed(c, 'failure').length > 0);
    // The two same-name skills, and repo-audit, whose bundled script and allowed-tools are content-risk warnings.
    expect(failing.map((c) => c.attributes['name']).sort()).toEqual(['skill://acme/billing/refunds/SKILL.md', 'skill://acme/support/refunds/SKILL.md', 'skill://repo-audit/SKILL.md']);
    // The clash is both a conformance warning and, as in the app's review, a content-risk one.
    const clash = childrenNamed(failing[0]!, 'failure')[0]!;
    expect(['risk-name-collision', 'sep-2640-names-should-be-unique']).toContain(clash.attributes['type']);
    expect(clash.text).toContain('warning sep-2640-names-should-be-unique');
    expect(clash.text).toContain('warning risk-name-collision');
    const audit = failing.find((c) => c.attributes['name'] === 'skill://repo-audit/SKILL.md')!;
    expect(childrenNamed(audit, 'failure')[0]!.attributes['type']).toMatch(/^risk-/);
    expect(childrenNamed(audit, 'failure')[0]!.text).toContain('warning risk-script-file (skill://repo-audit/scripts/audit.sh, line 1)');
  });

  it('--sarif: a valid SARIF 2.1.0 log, warnings as level "warning" at the skill URI', async () => {
    const run = await runCli(['check', '--stdio', DEMO_STDIO, '--sarif']);
    expect(run.code).toBe(0);
    const log = expectSarif(run.stdout);
    const unique = log.runs[0]!.results.filter((r) => r.ruleId === 'sep-2640-names-should-be-unique');
    expect(unique.map((r) => r.level)).toEqual(['warning', 'warning']);
    expect(unique.map((r) => r.locations[0]!.physicalLocation!.artifactLocation.uri).sort()).toEqual(['skill://acme/billing/refunds/SKILL.md', 'skill://acme/support/refunds/SKILL.md']);
    const nested = log.runs[0]!.results.find((r) => r.ruleId === 'inspector-nested-skill');
    expect(nested?.level).toBe('note');
  });
});

describe('skill-inspector check against a server that serves other bytes than it lists', { timeout: 120_000 }, () => {
  it('text and --json: exit 1 with sep-2640-host-verify-digest naming both digests', async () => {
    const text = await runCli(['check', '--stdio', TAMPERED]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('skill://tampered/SKILL.md  [mismatch]');
    expect(text.stdout).toContain('skill://intact/SKILL.md  [matches listing]');
    expect(text.stdout).toMatch(/error +sep-2640-host-verify-digest/);

    const run = await runCli(['check', '--stdio', TAMPERED, '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    const digest = report.findings.filter((f) => f.id === 'sep-2640-host-verify-digest');
    expect(digest).toHaveLength(1);
    expect(digest[0]!.location.fileUri).toBe('skill://tampered/SKILL.md');
    expect(digest[0]!.message).toContain(sha256(LISTED_TEXT));
    expect(digest[0]!.message).toContain(sha256(SERVED_TEXT));
    expect(report.skills.find((s) => s.uri === 'skill://tampered/SKILL.md')?.status).toBe('mismatch');
    expect(report.skills.find((s) => s.uri === 'skill://intact/SKILL.md')?.status).toBe('verified');
    expect(report.failing).toBe(1);
  });

  it('--fail-on never reports the same finding but exits 0', async () => {
    const run = await runCli(['check', '--stdio', TAMPERED, '--json', '--fail-on', 'never']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.findings.map((f) => f.id)).toContain('sep-2640-host-verify-digest');
    expect(report.failing).toBe(0);
  });

  it('--junit: the tampered skill fails with the finding ID; the intact one passes', async () => {
    const run = await runCli(['check', '--stdio', TAMPERED, '--junit']);
    expect(run.code).toBe(1);
    const { cases, suites } = junitCases(run.stdout);
    expect(suites.attributes['failures']).toBe('1');
    const tampered = cases.find((c) => c.attributes['name'] === 'skill://tampered/SKILL.md')!;
    const [failure] = childrenNamed(tampered, 'failure');
    expect(failure!.attributes['type']).toBe('sep-2640-host-verify-digest');
    expect(failure!.attributes['message']).toBe(`sep-2640-host-verify-digest: ${FINDINGS['sep-2640-host-verify-digest'].title}`);
    expect(failure!.text).toContain(sha256(SERVED_TEXT));
    const intact = cases.find((c) => c.attributes['name'] === 'skill://intact/SKILL.md')!;
    // Nothing but its verdict (a property): no failure, nothing in system-out.
    expect(intact.children.map((c) => c.name)).toEqual(['properties']);
    expect(childrenNamed(childrenNamed(intact, 'properties')[0]!, 'property').map((p) => [p.attributes['name'], p.attributes['value']])).toEqual([
      ['verdict', 'clean-as-checked'],
      ['verdictLabel', 'Clean as checked'],
    ]);
  });

  it('--sarif: an error result at skill://tampered/SKILL.md; --sarif-root makes it a repository path', async () => {
    const run = await runCli(['check', '--stdio', TAMPERED, '--sarif']);
    expect(run.code).toBe(1);
    const log = expectSarif(run.stdout);
    const result = log.runs[0]!.results.find((r) => r.ruleId === 'sep-2640-host-verify-digest')!;
    expect(result.level).toBe('error');
    expect(result.locations[0]!.physicalLocation!.artifactLocation).toEqual({ uri: 'skill://tampered/SKILL.md' });
    expect(result.message.text).toContain(sha256(SERVED_TEXT));

    const rooted = await runCli(['check', '--stdio', TAMPERED, '--sarif', '--sarif-root', 'skills/']);
    expect(rooted.code).toBe(1);
    const rootedLog = expectSarif(rooted.stdout);
    const located = rootedLog.runs[0]!.results.find((r) => r.ruleId === 'sep-2640-host-verify-digest')!.locations[0]!;
    expect(located.physicalLocation!.artifactLocation).toEqual({ uri: 'skills/tampered/SKILL.md', uriBaseId: '%SRCROOT%' });
    expect(located.logicalLocations![0]!.fullyQualifiedName).toBe('skill://tampered/SKILL.md');
  });
});

describe('skill-inspector check over HTTP and from a config file', { timeout: 120_000 }, () => {
  let demo: RunningServer;
  let dir: string;

  beforeAll(async () => {
    demo = await startListening([CLI, 'demo-server', '--http', '0']);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-cli-check-'));
  });
  afterAll(async () => {
    await demo?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('demo-server --http 0 reports its bound URL in one parseable stderr line', () => {
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(Number(new URL(demo.url).port)).toBeGreaterThan(0);
  });

  it('demo-server over stdio ends with exit 0 when its client closes stdin', async () => {
    // runCli gives the child an empty stdin: end of input at once.
    const run = await runCli(['demo-server']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
  });

  it('--url checks the HTTP server: exit 0, labelled by host', async () => {
    const run = await runCli(['check', '--url', demo.url, '--header', 'X-Trace: cli-test', '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.server.label).toBe(new URL(demo.url).host);
    expect(report.skills.length).toBe(await demoSkillCount());
    expect(report.skills.every((s) => s.status === 'verified')).toBe(true);
  });

  it('--config --server uses a server from a Claude Desktop config', async () => {
    const config = path.join(dir, 'claude_desktop_config.json');
    await fs.writeFile(config, JSON.stringify({ mcpServers: { samples: { command: process.execPath, args: [CLI, 'demo-server'] }, remote: { url: demo.url } } }));
    const run = await runCli(['check', '--config', config, '--server', 'samples', '--json']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as Report).server.label).toBe('samples');
    const remote = await runCli(['check', '--config', config, '--server', 'remote', '--json']);
    expect(remote.code).toBe(0);
    expect((JSON.parse(remote.stdout) as Report).server.label).toBe('remote');
  });
});

describe('skill-inspector exit code 2: bad usage and cannot connect', { timeout: 120_000 }, () => {
  let dir: string;
  let closedPort: number;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-cli-usage-'));
    // A port that was just free and is now closed: connecting to it is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  const cases: Array<[string, () => string[], RegExp]> = [
    ['no command', () => [], /Usage: skill-inspector/],
    ['an unknown command', () => ['frobnicate'], /Unknown command "frobnicate"/],
    ['an unknown flag', () => ['check', '--stdio', DEMO_STDIO, '--bogus'], /Unknown option '--bogus'/],
    ['no server', () => ['check', '--json'], /Name exactly one server/],
    ['two servers', () => ['check', '--stdio', DEMO_STDIO, '--url', 'http://127.0.0.1:1/mcp'], /Name exactly one server/],
    ['two output formats', () => ['check', '--stdio', DEMO_STDIO, '--json', '--sarif'], /Choose one output format; got --json and --sarif/],
    ['a bad --fail-on', () => ['check', '--stdio', DEMO_STDIO, '--fail-on', 'sometimes'], /--fail-on must be error, warning or never, got "sometimes"/],
    ['--sarif-root without --sarif', () => ['check', '--stdio', DEMO_STDIO, '--sarif-root', 'skills'], /--sarif-root goes with --sarif/],
    ['a non-HTTP --url', () => ['check', '--url', 'ftp://example.com/mcp'], /--url must be an http:\/\/ or https:\/\/ URL/],
    ['a malformed --header', () => ['check', '--url', 'http://127.0.0.1:1/mcp', '--header', 'no-colon'], /--header must look like 'Name: value'/],
    ['an unclosed quote in --stdio', () => ['check', '--stdio', 'node "server.js'], /Unclosed " quote/],
    ['an unreadable --config', () => ['check', '--config', path.join(dir, 'missing.json'), '--server', 'x'], /Cannot read --config .*missing\.json: ENOENT/],
    ['an unknown --server', () => ['check', '--config', path.join(dir, 'config.json'), '--server', 'nope'], /config\.json has no server "nope"; it has: samples/],
    ['--config without --server', () => ['check', '--config', path.join(dir, 'config.json')], /--config needs --server <name>/],
    ['a bad demo-server port', () => ['demo-server', '--http', 'eighty'], /--http needs a port number/],
    ['a refused --url', () => ['check', '--url', `http://127.0.0.1:${closedPort}/mcp`], /cannot connect/],
    ['a --stdio command that does not exist', () => ['check', '--stdio', 'skill-inspector-no-such-command-7f3a'], /cannot connect\. Command not found: .*skill-inspector-no-such-command-7f3a/],
    ['a --stdio server that exits at once', () => ['check', '--stdio', commandLine(process.execPath, '-e', 'process.exit(3)')], /cannot connect\. .*exited with code 3/],
  ];

  it.each(cases)('%s: exit 2, the reason on stderr, nothing on stdout', async (_name, args, message) => {
    await fs.writeFile(path.join(dir, 'config.json'), JSON.stringify({ mcpServers: { samples: { command: process.execPath, args: [CLI, 'demo-server'] } } }));
    const run = await runCli(args());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('help prints the usage on stdout and exits 0', async () => {
    const run = await runCli(['help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Exit codes: 0 clean');
    expect(run.stderr).toBe('');
  });
});

describe('the JUnit writer and the XML reader the tests rely on', { timeout: 120_000 }, () => {
  it('the reader rejects what is not well-formed XML', () => {
    expect(() => parseXml('<a><b></a>')).toThrow(/Malformed XML/);
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow('attribute x repeated in <a>');
    expect(() => parseXml('<a/><b/>')).toThrow('a second root element <b>');
    expect(() => parseXml('<a>\u0007</a>')).toThrow('XML 1.0 forbids U+0007');
    expect(() => parseXml('<a>&bogus;</a>')).toThrow(/Malformed XML/);
    expect(parseXml('<a k="&quot;v&quot;">x &amp; y</a>')).toEqual({ name: 'a', attributes: { k: '"v"' }, children: [], text: 'x & y' });
  });

  it('escapes markup and makes forbidden characters visible, so any finding text stays well-formed', () => {
    const nasty = 'name <b>"bold"</b> & \u0007bell\u001b[31m';
    const xml = formatJunit(
      {
        server: { label: 'a "quoted" <label>' },
        skills: [],
        findings: [finding('agentskills-name-charset', nasty, { serverId: 's', skillUri: 'skill://x&y/SKILL.md' }, { actual: nasty })],
      },
      'error',
    );
    const { suite, cases } = junitCases(xml);
    expect(suite.attributes['name']).toBe('a "quoted" <label>');
    const x = cases.find((c) => c.attributes['name'] === 'skill://x&y/SKILL.md')!;
    const failure = childrenNamed(x, 'failure')[0]!;
    expect(failure.attributes['type']).toBe('agentskills-name-charset');
    expect(failure.text).toContain('name <b>"bold"</b> & \\u0007bell\\u001b[31m');
  });
});
