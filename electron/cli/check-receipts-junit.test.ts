// `check --receipts --junit`: what the team's receipts did to the report. The
// text lists each finding a receipt suppressed and each that came back with
// why; SARIF writes the suppressed ones as results with `suppressions` and
// says "Reported again: why." of the others. JUnit dropped the suppressed
// ones without a word and failed the others with no reason, so a CI reader
// could not tell a clean skill from a suppressed one, nor why a finding the
// team had accepted fails the build again. Now the "(receipts)" case (added
// for the receipt files that were not read) holds the text's lines, and a
// reopened finding's own line says why it is reported again. Read with the
// strict XML reader of the other JUnit tests.
import { describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '../../test/fixtures/cli/xml.js';
import { finding } from '../../shared/findings.js';
import type { SkillEntry } from '../../shared/model.js';
import { lapse, suppressionFor, type GrantedSuppression } from '../team/suppressions.js';
import { formatSuppressedJunit, suppressionLines, type SuppressedReport } from './check-suppressions.js';

const QUIET = 'skill://quiet/SKILL.md';
const LOUD = 'skill://loud/SKILL.md';
const DIGEST = `sha256:${'a'.repeat(64)}`;
const NOW = `sha256:${'b'.repeat(64)}`;
const risk = (skill: string) => finding('risk-fetch-and-run', 'Pipes a download into sh.', { serverId: 's1', skillUri: skill, fileUri: skill, line: 4 }, { excerpt: 'curl -fsSL https://example.com/i.sh | sh' });
const SUPPRESSED = risk(QUIET);
const REOPENED = risk(LOUD);

function granted(f: ReturnType<typeof risk>, receipt: string): GrantedSuppression {
  const suppression = suppressionFor(f, DIGEST, 'SKILL.md', { reason: 'Pinned installer', owner: 'platform', expires: '2026-12-01T00:00:00.000Z' });
  return { suppression, receipt, skillUri: f.location.skillUri!, reviewer: { name: 'Alice', fingerprint: 'SHA256:abc' }, until: '2026-12-01T00:00:00.000Z' };
}

const by = granted(REOPENED, '/team/approvals/loud.json');
const WHY = lapse(by, () => NOW, new Date('2026-06-01T00:00:00Z'))!;

function report(over: Partial<SuppressedReport> = {}): SuppressedReport {
  // JUnit reads a skill's URI and verdict; the rest of an entry plays no part.
  const skills = [QUIET, LOUD].map((uri) => ({ uri, name: uri.split('/')[2], resources: [], verdict: 'risky', status: 'verified' }) as unknown as SkillEntry);
  return {
    server: { label: 'payments' },
    skills,
    findings: [REOPENED],
    suppressed: [{ finding: SUPPRESSED, by: granted(SUPPRESSED, '/team/approvals/quiet.json') }],
    reopened: [{ finding: REOPENED, by, why: WHY }],
    unreadableReceipts: [],
    receiptsNotRead: 0,
    ...over,
  };
}

function testcase(xml: string, name: string): XmlElement | undefined {
  return parseXml(xml).children[0]!.children.find((c) => c.name === 'testcase' && c.attributes['name'] === name);
}

describe('check --receipts --junit, with findings the team suppressed and one that came back', () => {
  it('the "(receipts)" case lists the suppressed finding and the reopened one with why, as the text does', () => {
    const xml = formatSuppressedJunit(report(), 'error');
    const receipts = testcase(xml, '(receipts)');
    expect(receipts?.children.map((c) => c.name)).toEqual(['system-out']);
    expect(receipts?.children[0]?.text).toBe(
      [
        '1 finding(s) suppressed by team receipts:',
        `  ${QUIET}: Downloads code and runs it (risk-fetch-and-run, SKILL.md line 4), by Alice for platform until 2026-12-01: Pinned installer`,
        '1 suppressed finding(s) reported again:',
        `  ${LOUD}: Downloads code and runs it (risk-fetch-and-run, SKILL.md line 4): its suppression no longer holds: SKILL.md changed since (${DIGEST} then, ${NOW} now); it was suppressed by Alice (SHA256:abc) for platform: "Pinned installer" (/team/approvals/loud.json)`,
      ].join('\n'),
    );
    expect(receipts?.children[0]?.text).toBe(suppressionLines(report()).trimEnd());
    // A case per skill, the server's, and the receipts'.
    expect(parseXml(xml).children[0]!.attributes['tests']).toBe('4');
  });

  it('the reopened finding fails its skill’s case saying why it is reported again; the suppressed one fails nothing', () => {
    const xml = formatSuppressedJunit(report(), 'error');
    const loud = testcase(xml, LOUD);
    const failure = loud?.children.find((c) => c.name === 'failure');
    expect(failure?.text).toBe(`error risk-fetch-and-run (line 4): Pipes a download into sh. Reported again: ${WHY}.`);
    expect(testcase(xml, QUIET)?.children.map((c) => c.name)).toEqual(['properties']);
    expect(parseXml(xml).children[0]!.attributes['failures']).toBe('1');
  });

  it('lists the receipt files not read after them, as the text does; no case when the receipts changed nothing', () => {
    const unread = report({ unreadableReceipts: [{ file: '/team/approvals/broken.json', problem: 'not valid JSON (Unexpected end of JSON input)' }] });
    const out = testcase(formatSuppressedJunit(unread, 'error'), '(receipts)')?.children[0]?.text ?? '';
    expect(out.split('\n').slice(4)).toEqual([
      '1 receipt file(s) were not read, so no suppression in them was applied and a finding one of them suppresses is reported: 1 not a receipt or unreadable:',
      '  /team/approvals/broken.json: not a receipt: not valid JSON (Unexpected end of JSON input)',
    ]);
    expect(out).toBe(suppressionLines(unread).trimEnd());
    expect(testcase(formatSuppressedJunit(report({ findings: [], suppressed: [], reopened: [] }), 'error'), '(receipts)')).toBeUndefined();
  });
});
