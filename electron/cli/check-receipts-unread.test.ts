// `check --receipts`: a receipt file that was not read (not a receipt, or past
// the bytes read from one folder) has none of its suppressions applied. That
// is the safe way round, but the report used to say nothing of it, so a
// finding the team had suppressed came back with no word of why. Now the text
// says how many receipt files were not read and why, names each, and the JSON
// lists them (`unreadableReceipts`, `receiptsNotRead`), SARIF has a result of
// receipts' own rules for each (`receipt-unreadable`, `receipt-partial`, as
// `verify --receipts --sarif` has) and JUnit a case that lists them. The folder
// here passes a 1 MiB budget, and the receipt past it carries the suppression.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillFolder, skillMd } from '../../test/fixtures/mutable-server/fixture.js';
import { finding } from '../../shared/findings.js';
import type { SkillEntry } from '../../shared/model.js';
import { RULESET } from '../../shared/ruleset.js';
import { serializeReceipt, signReceipt } from '../team/receipt.js';
import { suppressionFor } from '../team/suppressions.js';
import type { ReceiptsFolderLimits } from '../team/team-folder.js';
import { LABEL, alice, writeBigTeamFolder, type BigTeamFolder } from '../team/team-folder-fixture.unit.js';
import { parseXml, type XmlElement } from '../../test/fixtures/cli/xml.js';
import { loadSarifValidator } from '../../test/fixtures/sarif/validator.js';
import type { CheckReport } from './check.js';
import { formatSuppressedJunit, formatSuppressedSarif, suppressionLines, withTeamSuppressions } from './check-suppressions.js';
import { runCliInProcess as run } from './run-in-process.unit.js';

const LIMITS: ReceiptsFolderLimits = { maxFiles: 100, maxFileBytes: 512 * 1024, maxTotalBytes: 1024 * 1024 };
const NAMES = ['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'zeta'];
const AS_OF = new Date('2026-06-01T00:00:00Z');
const ZETA = 'skill://zeta/SKILL.md';
const DIGEST = `sha256:${'a'.repeat(64)}`;
const RISK = finding('risk-fetch-and-run', 'Pipes a download into sh.', { serverId: 's1', skillUri: ZETA, fileUri: ZETA, line: 4 }, { excerpt: 'curl -fsSL https://example.com/i.sh | sh' });

let folder: BigTeamFolder | undefined;
let skills: SkillFolder | undefined;
afterEach(async () => {
  if (folder) await fs.rm(folder.root, { recursive: true, force: true });
  if (skills) await fs.rm(skills.dir, { recursive: true, force: true });
  folder = undefined;
  skills = undefined;
});


/** The team folder: six receipts of about 300 KB (alpha … zeta), zeta's small and suppressing RISK, and broken.json, not a receipt. */
async function teamFolder(): Promise<BigTeamFolder> {
  folder = await writeBigTeamFolder(NAMES, 300_000);
  const zeta = signReceipt(
    {
      server: LABEL,
      skill: ZETA,
      skillName: 'zeta',
      files: [{ uri: ZETA, digest: DIGEST, size: 10 }],
      reviewerName: 'Alice',
      approvedAt: '2026-05-01T10:00:00.000Z',
      ruleset: { version: RULESET.version },
      findings: { digest: `sha256:${'0'.repeat(64)}`, errors: 1, warnings: 0, infos: 0 },
      acknowledged: [],
      allowedTools: null,
      suppressions: [suppressionFor(RISK, DIGEST, 'SKILL.md', { reason: 'Pinned installer', owner: 'platform', expires: '2026-12-01T00:00:00.000Z' })],
    },
    alice,
  );
  await fs.writeFile(folder.files[5]!, serializeReceipt(zeta));
  await fs.writeFile(path.join(folder.approvals, 'broken.json'), '{');
  return folder;
}

function checked(f: BigTeamFolder): CheckReport {
  // withTeamSuppressions reads a skill's URI, name and files; JUnit its verdict; the rest of an entry plays no part.
  const skills = f.served.map((s) => ({ uri: s.uri, name: s.name, resources: s.resources, verdict: 'risky', status: 'verified' }) as unknown as SkillEntry);
  return { server: { label: LABEL }, skills, findings: [RISK] };
}

describe('check --receipts with receipt files that were not read', () => {
  it('reports the finding, and says how many receipt files were not read, why, and which', async () => {
    const f = await teamFolder();
    const report = await withTeamSuppressions(checked(f), f.approvals, f.signers, AS_OF, { limits: LIMITS });
    expect(report.findings).toEqual([RISK]);
    expect(report.suppressed).toEqual([]);
    // alpha, beta, broken.json (1 byte, not a receipt) and delta fit in 1 MiB; epsilon would pass it.
    const read = [f.sizes[0]!, f.sizes[1]!, 1, f.sizes[2]!].reduce((a, b) => a + b, 0);
    const left = (await Promise.all(f.files.slice(3).map(async (file) => (await fs.stat(file)).size))).reduce((a, b) => a + b, 0);
    const notRead = `not read, so this check is partial: the receipts in ${f.approvals} pass the ${LIMITS.maxTotalBytes} bytes read from one folder; reading stopped after 4 file(s) (${read} bytes), and 3 file(s) (${left} bytes) were not read`;
    const broken = path.join(f.approvals, 'broken.json');
    const notJson = report.unreadableReceipts?.[0]?.problem ?? '';
    expect(notJson).toMatch(/^not valid JSON \(/);
    expect(report.unreadableReceipts).toEqual([{ file: broken, problem: notJson }, ...f.files.slice(3).map((file) => ({ file, problem: notRead, notRead: true }))]);
    expect(report.receiptsNotRead).toBe(3);
    expect(suppressionLines(report)).toBe(
      [
        '4 receipt file(s) were not read, so no suppression in them was applied and a finding one of them suppresses is reported: 3 past the bytes read from one folder, 1 not a receipt or unreadable:',
        `  ${broken}: not a receipt: ${notJson}`,
        ...f.files.slice(3).map((file) => `  ${file}: ${notRead}`),
        '',
      ].join('\n'),
    );
    // As check --json writes the report: the fields are there for programs.
    expect(JSON.parse(JSON.stringify(report))).toMatchObject({ receiptsNotRead: 3, unreadableReceipts: [{ file: broken }, { file: f.files[3], notRead: true }, { file: f.files[4], notRead: true }, { file: f.files[5], notRead: true }] });
  });

  it('says nothing of unread receipts when every file was read, and then the suppression applies', async () => {
    const f = await teamFolder();
    await fs.rm(path.join(f.approvals, 'broken.json'));
    const report = await withTeamSuppressions(checked(f), f.approvals, f.signers, AS_OF, { limits: { ...LIMITS, maxTotalBytes: 4 * 1024 * 1024 } });
    expect(report.findings).toEqual([]);
    expect(report.suppressed.map((s) => s.finding)).toEqual([RISK]);
    expect(report.unreadableReceipts).toEqual([]);
    expect(report.receiptsNotRead).toBe(0);
    expect(suppressionLines(report)).toBe(`1 finding(s) suppressed by team receipts:\n  ${ZETA}: Downloads code and runs it (risk-fetch-and-run, SKILL.md line 4), by Alice for platform until 2026-12-01: Pinned installer\n`);
  });

  it('shows control characters in a file name or a problem as marks', async () => {
    const f = await teamFolder();
    await fs.writeFile(path.join(f.approvals, 'a\u001b[2J.json'), '\u001b[1A\u001b[2K');
    const lines = suppressionLines(await withTeamSuppressions(checked(f), f.approvals, f.signers, AS_OF, { limits: LIMITS }));
    expect(lines).toContain(`  ${path.join(f.approvals, 'a⟦ESC⟧[2J.json')}: not a receipt: not valid JSON (`);
    // eslint-disable-next-line no-control-regex -- the characters that must not be there
    expect(lines).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u);
  });
});

interface SarifLog {
  runs: { tool: { driver: { rules: { id: string; defaultConfiguration: { level: string } }[] } }; results: { ruleId: string; ruleIndex: number; level: string; message: { text: string }; locations: { physicalLocation?: { artifactLocation: { uri: string } } }[] }[]; properties: Record<string, unknown> }[];
}

/** What SARIF says of the receipts: each receipts' result as [rule, level, message, location], its rule's ID and level checked. */
async function receiptResults(sarif: string): Promise<{ results: string[][]; notRead: unknown }> {
  const log = JSON.parse(sarif) as SarifLog;
  const validate = await loadSarifValidator();
  expect(validate(log) ? [] : validate.errors).toEqual([]);
  const [run] = log.runs;
  const results = run!.results.filter((r) => r.ruleId.startsWith('receipt-'));
  for (const r of results) expect(run!.tool.driver.rules[r.ruleIndex]).toMatchObject({ id: r.ruleId, defaultConfiguration: { level: 'warning' } });
  return { results: results.map((r) => [r.ruleId, r.level, r.message.text, r.locations[0]!.physicalLocation!.artifactLocation.uri]), notRead: run!.properties['receiptsNotRead'] };
}

/** The JUnit case that lists the receipt files not read: its system-out, and the suite's test count. */
function receiptsCase(xml: string): { out: string | undefined; tests: string | undefined } {
  const suite = parseXml(xml).children[0]!;
  const found = suite.children.find((c: XmlElement) => c.name === 'testcase' && c.attributes['name'] === '(receipts)');
  expect(found?.children.map((c) => c.name)).toEqual(['system-out']);
  return { out: found?.children[0]?.text, tests: suite.attributes['tests'] };
}

describe('check --receipts --sarif and --junit with receipt files that were not read', () => {
  it('SARIF has a result of receipts’ rules per file not read, JUnit a case listing them', async () => {
    const f = await teamFolder();
    const report = await withTeamSuppressions(checked(f), f.approvals, f.signers, AS_OF, { limits: LIMITS });
    const [broken, ...past] = report.unreadableReceipts!;
    const sarif = await receiptResults(formatSuppressedSarif(report, undefined));
    expect(sarif.results).toEqual([
      ['receipt-unreadable', 'warning', `${broken!.file}: not a receipt: ${broken!.problem}`, `file://${broken!.file}`],
      ...past.map((u) => ['receipt-partial', 'warning', `${u.file}: ${u.problem}`, `file://${u.file}`]),
    ]);
    expect(sarif.notRead).toBe(3);
    // The finding the unread receipt suppresses is reported, as in the text.
    expect((JSON.parse(formatSuppressedSarif(report, undefined)) as SarifLog).runs[0]!.results.filter((r) => r.ruleId === RISK.id)).toHaveLength(1);

    const junit = receiptsCase(formatSuppressedJunit(report, 'error'));
    expect(junit.out).toBe(suppressionLines(report).trimEnd());
    // A case per served skill, the server's, and the receipts'.
    expect(junit.tests).toBe(String(f.served.length + 2));
  });
});

describe('check --receipts, the command', () => {
  it('prints the line in text, the fields in JSON, a result in SARIF and a case in JUnit, for a file of the folder that is not a receipt', { timeout: 60_000 }, async () => {
    const f = await teamFolder();
    skills = await SkillFolder.create();
    await skills.write('plain/SKILL.md', skillMd('plain', 'Does nothing risky.'));
    const stdio = skills.stdio();
    if (stdio.kind !== 'stdio') throw new Error('stdio expected');
    const server = ['--stdio', [stdio.command, ...(stdio.args ?? [])].map((w) => `'${w}'`).join(' '), '--label', LABEL, '--quiet'];
    // Only broken.json is left in the folder, well within the 64 MiB the command reads: the one file no receipt.
    for (const file of f.files) await fs.rm(file);
    const broken = path.join(f.approvals, 'broken.json');

    const json = await run(['check', ...server, '--receipts', f.approvals, '--json']);
    const parsed = JSON.parse(json.stdout) as { receiptsNotRead: number; unreadableReceipts: { file: string; problem: string }[] };
    expect(parsed.receiptsNotRead).toBe(0);
    expect(parsed.unreadableReceipts).toEqual([{ file: broken, problem: expect.stringMatching(/^not valid JSON \(/) as unknown as string }]);

    const text = await run(['check', ...server, '--receipts', f.approvals]);
    expect(text.stdout).toContain(`\n1 receipt file(s) were not read, so no suppression in them was applied and a finding one of them suppresses is reported: 1 not a receipt or unreadable:\n  ${broken}: not a receipt: ${parsed.unreadableReceipts[0]!.problem}\n`);
    expect(text.code).toBe(json.code);

    const sarif = await run(['check', ...server, '--receipts', f.approvals, '--sarif']);
    expect((await receiptResults(sarif.stdout)).results).toEqual([['receipt-unreadable', 'warning', `${broken}: not a receipt: ${parsed.unreadableReceipts[0]!.problem}`, `file://${broken}`]]);
    const junit = await run(['check', ...server, '--receipts', f.approvals, '--junit']);
    expect(receiptsCase(junit.stdout).out).toBe(`1 receipt file(s) were not read, so no suppression in them was applied and a finding one of them suppresses is reported: 1 not a receipt or unreadable:\n  ${broken}: not a receipt: ${parsed.unreadableReceipts[0]!.problem}`);
    expect([sarif.code, junit.code]).toEqual([json.code, json.code]);
  });
});
