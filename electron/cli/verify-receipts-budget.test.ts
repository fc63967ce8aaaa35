// `verify --receipts` on a team folder with more receipt bytes than are read
// (receipts-budget.test.ts has the folder side): every output format names
// each receipt file not read and says the verification is partial, and the
// report is not `ok`, so the command exits 1, never 0. The server is a stand-in
// skill set; the team folder is real, with a 1 MiB budget.
import { describe, expect, it } from 'vitest';
import { loadSarifValidator } from '../../test/fixtures/sarif/validator.js';
import { AS_OF, LABEL, LIMITS, NAMES, approvedByAlice, bigTeamFolders, notReadProblem, unapprovedPartial } from '../team/team-folder-fixture.unit.js';
import { formatReceiptsSarif } from './format-receipts-sarif.js';
import { buildLockedServer } from './lockfile.js';
import { fileSetDigests, receiptsJson, receiptsReport, receiptsText, type ReceiptsFlags } from './receipts-report.js';
import { readTeamFolderFlags } from './team-folder-flag.js';
import { fleetReceiptsJson, fleetReceiptsText } from './verify-receipts-all.js';

const bigTeamFolder = bigTeamFolders();

async function partialReport() {
  const folder = await bigTeamFolder(NAMES, 300_000);
  const team = await readTeamFolderFlags(folder.approvals, folder.signers, LIMITS);
  const report = receiptsReport({ label: LABEL, server: buildLockedServer(folder.served), problems: [] }, team, AS_OF);
  const flags: ReceiptsFlags = { receiptsDir: folder.approvals, trust: folder.signers, asOf: AS_OF };
  const problem = notReadProblem(folder, 3);
  return { f: folder, report, flags, problem, notRead: folder.files.slice(3) };
}

describe('verify --receipts on a team folder read in part', () => {
  it('is not ok (exit 1), and the text names the folder, each file not read and that the verification is partial', async () => {
    const { f, report, flags, problem, notRead } = await partialReport();
    expect(report.ok).toBe(false);
    expect(receiptsText(report, flags)).toBe(
      [
        `Team approvals of "${LABEL}" (receipts ${f.approvals}, signers ${f.signers}): 3 of 6 skill(s) approved.`,
        `The receipts were read in part: 3 file(s) of ${f.approvals} were not read (listed below), so this is not a complete verification.`,
        `  skill://alpha/SKILL.md: ${approvedByAlice}`,
        `  skill://beta/SKILL.md: ${approvedByAlice}`,
        `  skill://delta/SKILL.md: ${approvedByAlice}`,
        `  skill://epsilon/SKILL.md: ${unapprovedPartial(3)}`,
        `  skill://gamma/SKILL.md: ${unapprovedPartial(3)}`,
        `  skill://zeta/SKILL.md: ${unapprovedPartial(3)}`,
        ...notRead.map((file) => `  ${file}: ${problem}`),
        '',
      ].join('\n'),
    );
  });

  it('is not approved in JSON, which counts and lists the files not read', async () => {
    const { report, flags, problem, notRead } = await partialReport();
    const json = receiptsJson(report, flags);
    expect(json).toMatchObject({ approved: false, receiptsNotRead: 3, unreadable: notRead.map((file) => ({ file, problem, notRead: true })) });
  });

  it('gives SARIF (valid 2.1.0) one receipt-partial result per file not read, located at it', async () => {
    const { report, problem, notRead } = await partialReport();
    const validate = await loadSarifValidator();
    const log = JSON.parse(formatReceiptsSarif(report.check, { root: undefined, fileSetDigests: fileSetDigests(report.served) })) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex: number; message: { text: string }; locations: { physicalLocation?: { artifactLocation: { uri: string } } }[] }[]; properties: Record<string, unknown> }[];
    };
    expect(validate(log) ? [] : validate.errors).toEqual([]);
    const [run] = log.runs;
    const partial = run!.results.filter((r) => r.ruleId === 'receipt-partial');
    expect(partial.map((r) => [r.message.text, r.locations[0]!.physicalLocation?.artifactLocation.uri])).toEqual(notRead.map((file) => [`${file}: ${problem}`, `file://${file}`]));
    expect(run!.tool.driver.rules[partial[0]!.ruleIndex]!.id).toBe('receipt-partial');
    expect(run!.results.filter((r) => r.ruleId === 'receipt-unapproved')).toHaveLength(3);
    expect(run!.properties['receiptsNotRead']).toBe(3);
  });

  it('says so in the --all summary and JSON too', async () => {
    const { f, report, flags } = await partialReport();
    const results = [{ name: LABEL, report, exitCode: 1 as const }];
    expect(fleetReceiptsText(results, flags).split('\n').slice(-3)).toEqual(['1 server(s): 0 approved, 1 not approved, 0 could not be verified.', `  ${LABEL}: not approved (3 of 6 skill(s) approved, 3 receipt file(s) of ${f.approvals} not read)`, '']);
    const json = JSON.parse(fleetReceiptsJson(results, flags, 1)) as { exitCode: number; servers: { approved: boolean; receiptsNotRead: number }[] };
    expect(json.exitCode).toBe(1);
    expect(json.servers[0]).toMatchObject({ approved: false, receiptsNotRead: 3 });
  });
});
