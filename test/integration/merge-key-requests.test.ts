// A SKILL.md whose frontmatter brings fields in through a YAML merge key (<<),
// from a real server process, through the app's composition root and the built
// command. The app reads YAML 1.2, where `<<` is a field like any other; a host
// that reads YAML 1.1 (js-yaml, gray-matter) merges it and takes allowed-tools
// or model from it. The catalog's facts, the review's requests, the approval
// and the findings (app and `check`) say what such a host sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingFacts } from '../../shared/listing-facts.js';
import type { Finding } from '../../shared/model.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { HostileBench } from '../fixtures/hostile/harness.js';
import { HOSTILE_EDGES_SERVER } from '../fixtures/hostile-edges/harness.js';
import { MODEL, TOOLS } from '../fixtures/hostile-edges/catalogs/merge-key.mjs';

const CATALOG = 'catalogs/merge-key';
const TOOLS_MESSAGE =
  'The frontmatter uses a YAML merge key (<<) that brings in allowed-tools ("Bash(rm:*)"). Hosts that read YAML 1.1 (js-yaml, gray-matter) merge it and see these fields; hosts that read YAML 1.2 (the MCP SDK, this app\'s checks) read "<<" as a plain key and do not.';
const MODEL_MESSAGE =
  'The frontmatter uses a YAML merge key (<<) that brings in model ("opus"). Hosts that read YAML 1.1 (js-yaml, gray-matter) merge it and see these fields; hosts that read YAML 1.2 (the MCP SDK, this app\'s checks) read "<<" as a plain key and do not.';

const mergeFindings = (findings: readonly Finding[]) =>
  findings.filter((f) => f.id === 'inspector-frontmatter-merge-key').map((f) => ({ severity: f.severity, message: f.message, fileUri: f.location.fileUri, field: f.location.field, line: f.location.line }));

describe('a frontmatter that brings fields in through a YAML merge key', () => {
  let bench: HostileBench;
  beforeAll(async () => {
    bench = await HostileBench.open();
  });
  afterAll(async () => {
    await bench?.close();
  });

  it('the catalog, the review, the approval and the findings name the allowed-tools a YAML 1.1 host takes from it', async () => {
    const added = await bench.add('merge key', { kind: 'stdio', command: process.execPath, args: [HOSTILE_EDGES_SERVER, CATALOG], env: {} });
    const serverId = added.serverId;
    const entries = await bench.call('skills.list', { serverId });
    const tools = entries.find((e) => e.uri === TOOLS)!;
    const model = entries.find((e) => e.uri === MODEL)!;
    // What the listing already tells, before any file is read.
    expect(listingFacts(tools).allowedTools.map((t) => t.tool)).toEqual(['Bash(rm:*)']);
    expect(listingFacts(model).allowedTools).toEqual([]);
    // The listing's frontmatter: located by field.
    expect(mergeFindings(await bench.findings(serverId, TOOLS))).toEqual([{ severity: 'error', message: TOOLS_MESSAGE, fileUri: undefined, field: 'frontmatter.<<', line: undefined }]);

    const review = await bench.call('approvals.startReview', { serverId, skillUri: TOOLS });
    expect(review.requests.allowedTools).toEqual({ requested: ['Bash(rm:*)'], wellFormed: true, granted: false });
    // Once SKILL.md is read, the file's finding (with its line) stands for the listing's.
    expect(mergeFindings(review.findings)).toEqual([{ severity: 'error', message: TOOLS_MESSAGE, fileUri: TOOLS, field: '<<', line: 6 }]);
    expect(review.acknowledgements.map((a) => a.id)).toContain('inspector-frontmatter-merge-key');
    // The content review's evidence for the request, on the line of the `<<` that brings it in.
    const scanned = await bench.call('review.scanSkill', { serverId, skillUri: TOOLS });
    expect(scanned.findings.filter((f) => f.id === 'risk-allowed-tools').map((f) => ({ severity: f.severity, fileUri: f.location.fileUri, field: f.location.field, line: f.location.line }))).toEqual([
      { severity: 'warning', fileUri: TOOLS, field: 'allowed-tools', line: 6 },
    ]);

    const approved = await bench.call('approvals.approve', { serverId, skillUri: TOOLS, fingerprint: review.fingerprint, acknowledge: review.acknowledgements.map((a) => a.key) });
    expect(approved.allowedTools).toEqual({ requested: ['Bash(rm:*)'], granted: false });
    // Something to grant: before, "requests no allowed-tools; there is nothing to grant".
    const granted = await bench.call('approvals.setGrant', { serverId, skillUri: TOOLS, allowedTools: true });
    expect(granted.allowedTools).toMatchObject({ requested: ['Bash(rm:*)'], granted: true });

    const modelReview = await bench.call('approvals.startReview', { serverId, skillUri: MODEL });
    expect(modelReview.requests.allowedTools).toBeNull();
    expect(mergeFindings(modelReview.findings)).toEqual([{ severity: 'warning', message: MODEL_MESSAGE, fileUri: MODEL, field: '<<', line: 4 }]);
    await bench.remove(serverId);
  });

  it('check reports the merge key (an error for allowed-tools, a warning for model) and exits 1; the twin, with the fields written out, exits 0', async () => {
    for (const twin of [false, true]) {
      const run = await runCli(['check', '--stdio', commandLine(process.execPath, HOSTILE_EDGES_SERVER, CATALOG, ...(twin ? ['--twin'] : [])), '--json', '--fail-on', 'error']);
      expect(run.code, `exit code (twin: ${twin}); stderr: ${run.stderr}`).toBe(twin ? 0 : 1);
      const report = JSON.parse(run.stdout) as { findings: Finding[] };
      const found = report.findings.filter((f) => f.id === 'inspector-frontmatter-merge-key').map((f) => [f.location.skillUri, f.severity, f.message]);
      expect(found).toEqual(twin ? [] : [[TOOLS, 'error', TOOLS_MESSAGE], [MODEL, 'warning', MODEL_MESSAGE]]);
    }
  });
});
