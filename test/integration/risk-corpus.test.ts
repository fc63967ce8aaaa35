// The risk corpus (test/fixtures/risk-corpus): attack skills written after
// public scanners' test sets and published write-ups, and benign look-alikes,
// served by a real MCP server (the official SDK's loadSkills, over stdio) and
// reviewed twice: through the contract (review.scanSkill) and by the built
// `skill-inspector check --json`. Every attack must get its family's rule at
// the right file and line; no look-alike may get an attack-level finding; both
// faces must reach the same verdicts; docs/risk-rules.md must report this
// run's score (SI_WRITE_RISK_SCORE=1 rewrites its generated section).
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/model.js';
import type { SkillReview } from '../../shared/review-model.js';
import { commandLine } from '../fixtures/cli/harness.js';
import { ReviewClient, SERVER, stdioServer, tempDir } from '../fixtures/review-server/client.js';
import {
  describeExpectation,
  describeFinding,
  fileOf,
  generatedSection,
  isAttackKind,
  judgeAttack,
  judgeBenign,
  matches,
  readManifest,
  resolveExpectations,
  scoreMarkdown,
  skillsInSources,
  SKILLS,
  SOURCES,
  verdictOf,
  withGeneratedSection,
  type AttackResult,
  type BenignResult,
  type Manifest,
  type ResolvedExpectation,
} from '../fixtures/risk-corpus/score.js';
import { CLI, ROOT } from '../support/paths.js';

const DOC = path.join(ROOT, 'docs', 'risk-rules.md');

let manifest: Manifest;
let resolved: Map<string, ResolvedExpectation[]>;
let manifestProblems: string[];
let client: ReviewClient;
let listed: string[];
const reviews = new Map<string, SkillReview>();
let check: { code: number | null; stdout: string; stderr: string };

/** Runs the built command with a budget sized for the whole corpus (the shared harness allows 45 s). */
async function runCheck(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, NO_COLOR: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`skill-inspector check did not finish in 240 s.\nstderr: ${stderr}`));
    }, 240_000);
    child.once('error', reject);
    child.once('close', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  manifest = await readManifest();
  ({ resolved, problems: manifestProblems } = await resolveExpectations(manifest));
  client = await ReviewClient.open({ homeDir: await tempDir('home') });
  const added = await client.addServer('Risk corpus', stdioServer(SKILLS, 'risk-corpus'));
  listed = added.skills.map((s) => s.name).sort();
  for (const name of listed) {
    reviews.set(name, await client.call('review.scanSkill', { serverId: added.serverId, skillUri: `skill://${name}/SKILL.md` }));
  }
  check = await runCheck(['check', '--json', '--quiet', '--stdio', commandLine(process.execPath, SERVER, '--dir', SKILLS, '--name', 'risk-corpus')]);
}, 600_000);

afterAll(async () => {
  await client?.close();
});

function attackResults(findingsOf: (name: string) => readonly Finding[]): AttackResult[] {
  return Object.entries(manifest.attacks).map(([name, a]) => judgeAttack(name, a.family, resolved.get(name) ?? [], findingsOf(name), a.accepted));
}

function benignResults(findingsOf: (name: string) => readonly Finding[]): BenignResult[] {
  return Object.entries(manifest.benign).map(([name, b]) => judgeBenign(name, b.imitates, findingsOf(name)));
}

const reviewed = (name: string): readonly Finding[] => reviews.get(name)?.findings ?? [];

describe('the risk corpus manifest', () => {
  it('lists every skill the server serves, with a family that exists, and enough of each', () => {
    const names = [...Object.keys(manifest.attacks), ...Object.keys(manifest.benign)].sort();
    expect(listed).toEqual(names);
    expect(Object.keys(manifest.attacks).length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(manifest.benign).length).toBeGreaterThanOrEqual(20);
    for (const [name, a] of Object.entries(manifest.attacks)) {
      expect(manifest.families[a.family], `${name}: family ${a.family}`).toBeDefined();
      expect(a.expect.length, `${name} expects something`).toBeGreaterThan(0);
    }
    for (const [name, b] of Object.entries(manifest.benign)) expect(manifest.families[b.imitates], `${name}: imitates ${b.imitates}`).toBeDefined();
    for (const family of Object.keys(manifest.families)) {
      expect(Object.values(manifest.attacks).filter((a) => a.family === family).length, `attacks in ${family}`).toBeGreaterThanOrEqual(4);
    }
  });

  it('points every expectation at a line that exists once in its file', () => {
    expect(manifestProblems).toEqual([]);
  });

  it('records where every skill comes from in SOURCES.md', async () => {
    const inSources = skillsInSources(await fs.readFile(SOURCES, 'utf8'));
    expect(inSources.filter((n, i) => inSources.indexOf(n) !== i), 'listed twice').toEqual([]);
    expect([...inSources].sort()).toEqual([...Object.keys(manifest.attacks), ...Object.keys(manifest.benign)].sort());
  });
});

describe('the risk corpus over a real server', () => {
  it('reads every file of every skill', () => {
    const incomplete = [...reviews.values()].filter((r) => !r.complete).map((r) => r.name);
    expect(incomplete).toEqual([]);
  });

  it("flags every attack with its family's rule at the right file and line", () => {
    const missing: string[] = [];
    for (const result of attackResults(reviewed)) {
      if (result.accepted !== undefined) continue;
      for (const e of result.unmet) missing.push(`${result.name} (${result.family}): expected ${describeExpectation(e)}; got ${result.fired.join(', ') || 'nothing'}`);
    }
    expect(missing).toEqual([]);
  });

  it('still misses what it accepts to miss (an accepted miss that is now caught must lose its acceptance)', () => {
    const nowCaught = attackResults(reviewed).filter((r) => r.accepted !== undefined && r.outcome === 'caught').map((r) => r.name);
    expect(nowCaught).toEqual([]);
  });

  it('gives no benign look-alike an attack-level finding', () => {
    const alarms = benignResults(reviewed).flatMap((b) => b.alarms.map((a) => `${b.name} (imitates ${b.imitates}): ${a}`));
    expect(alarms).toEqual([]);
  });

  it('check --json reaches the same verdicts, with the same attack-level findings', () => {
    expect(check.stdout.trimStart().startsWith('{'), `check --json printed no report (is the command built? npm run build): ${check.stderr.slice(0, 600)}`).toBe(true);
    const report = JSON.parse(check.stdout) as { findings: Finding[] };
    expect(check.code, check.stderr).toBe(report.findings.some((f) => f.severity === 'error') ? 1 : 0);
    const fromCheck = (name: string): Finding[] => report.findings.filter((f) => f.id.startsWith('risk-') && f.location.skillUri === `skill://${name}/SKILL.md`);
    const attackLevel = (findings: readonly Finding[], name: string) => [...new Set(findings.filter((f) => isAttackKind(f.id)).map((f) => describeFinding(f, name)))].sort();
    const differences: string[] = [];
    for (const name of listed) {
      const viaContract = reviewed(name);
      const viaCheck = fromCheck(name);
      if (verdictOf(viaCheck) !== verdictOf(viaContract)) differences.push(`${name}: check says ${verdictOf(viaCheck)}, the review says ${verdictOf(viaContract)}`);
      const a = attackLevel(viaCheck, name);
      const b = attackLevel(viaContract, name);
      if (JSON.stringify(a) !== JSON.stringify(b)) differences.push(`${name}: check found [${a.join(', ')}], the review [${b.join(', ')}]`);
    }
    expect(differences).toEqual([]);
    // Every expectation the review meets, the command meets too (what neither meets, the test above reports).
    const missing: string[] = [];
    for (const name of Object.keys(manifest.attacks)) {
      for (const e of resolved.get(name) ?? []) {
        const inReview = reviewed(name).some((f) => matches(f, name, e));
        if (inReview && !fromCheck(name).some((f) => matches(f, name, e))) missing.push(`${name}: the review reports ${describeExpectation(e)}, check does not`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('quotes the evidence and points into the skill for every attack-level finding', () => {
    const vague: string[] = [];
    for (const [name, review] of reviews) {
      for (const f of review.findings.filter((x) => isAttackKind(x.id))) {
        if (!f.excerpt || !f.message) vague.push(`${name}: ${describeFinding(f, name)} has no excerpt or message`);
        if (!fileOf(f, name) || fileOf(f, name).startsWith('skill://')) vague.push(`${name}: ${describeFinding(f, name)} points outside the skill`);
      }
    }
    expect(vague).toEqual([]);
  });

  it('docs/risk-rules.md reports the score of this run', async () => {
    const section = scoreMarkdown(manifest, attackResults(reviewed), benignResults(reviewed));
    const doc = await fs.readFile(DOC, 'utf8');
    if (process.env['SI_WRITE_RISK_SCORE'] === '1') {
      await fs.writeFile(DOC, withGeneratedSection(doc, section));
      return;
    }
    expect(generatedSection(doc), 'docs/risk-rules.md is stale: regenerate it with SI_WRITE_RISK_SCORE=1 npx vitest run test/integration/risk-corpus.test.ts').toBe(section);
  });
});
