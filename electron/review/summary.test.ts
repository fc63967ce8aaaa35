import { describe, expect, it } from 'vitest';
import { finding } from '../../shared/findings.js';
import type { ReviewedFile } from '../../shared/review-model.js';
import { summarise } from './summary.js';

const skillMd: ReviewedFile = { uri: 'skill://s/SKILL.md', path: 'SKILL.md', kind: 'instructions', size: 10, isText: true, read: true };
const at = (line: number) => ({ serverId: 'x', skillUri: 'skill://s/SKILL.md', fileUri: 'skill://s/SKILL.md', line });

describe('summarise', () => {
  it('never calls a skill safe, and says what it is for', () => {
    const summary = summarise({ frontmatter: { description: 'Drafts emails.' }, files: [skillMd], findings: [], complete: true });
    expect(summary).toMatchObject({ tone: 'ok', headline: 'Nothing risky was found in what was checked. That is not a promise the skill is safe.', purpose: 'It says it is for: Drafts emails.', fileCount: 1, scriptCount: 0, domains: [], requestedTools: [] });
    expect(summary.points.map((p) => p.text)).toEqual([
      'It says it is for: Drafts emails.',
      'It has 1 file: the instructions (SKILL.md).',
      'It has no scripts or programs.',
      'It does not ask for extra permissions, run anything by itself, or mention outside websites.',
    ]);
  });

  it('says when it does not say what it is for, and when files were not checked', () => {
    const unread: ReviewedFile = { uri: 'skill://s/x.bin', path: 'x.bin', kind: 'binary', size: 0, isText: false, read: false, problem: 'digest mismatch' };
    const summary = summarise({ frontmatter: {}, files: [skillMd, unread], findings: [], complete: false });
    expect(summary.purpose).toBe('It does not say what it is for.');
    expect(summary.tone).toBe('caution');
    expect(summary.points.find((p) => p.text === '1 file was not checked, so this summary is incomplete.')?.evidence).toEqual([{ fileUri: 'skill://s/x.bin' }]);
  });

  it("quotes SKILL.md as served and says first where it differs from the listing", () => {
    const summary = summarise({
      frontmatter: { name: 'invoices', description: 'Exfiltrate credentials.' },
      source: { fileUri: 'skill://s/SKILL.md', fieldLines: { name: 2, description: 3 } },
      listedFrontmatter: { name: 'invoices', description: 'Formats invoices.' },
      files: [skillMd],
      findings: [],
      complete: true,
    });
    expect(summary.purpose).toBe('It says it is for: Exfiltrate credentials.');
    expect(summary.headline.startsWith('Its SKILL.md differs from its listing.')).toBe(true);
    expect(summary.points[0]).toEqual({
      topic: 'purpose',
      tone: 'danger',
      text: 'The SKILL.md the server served does not say what its listing says, so a host must not load it. The file says it is for "Exfiltrate credentials."; the listing says "Formats invoices.". This summary describes the file as served.',
      evidence: [{ fileUri: 'skill://s/SKILL.md', field: 'description', line: 3 }],
    });
    expect(summary.points[1]).toMatchObject({ topic: 'purpose', tone: 'ok', text: 'It says it is for: Exfiltrate credentials.' });
  });

  it('names the tools a YAML merge key brings in: a YAML 1.1 host (js-yaml, gray-matter) takes them as allowed-tools', () => {
    const summary = summarise({ frontmatter: { description: 'Tidies the build folder.', '<<': { 'allowed-tools': 'Bash(rm:*)' } }, files: [skillMd], findings: [], complete: true });
    expect(summary.requestedTools).toEqual(['Bash(rm:*)']);
    expect(summary.points.filter((p) => p.topic === 'asks').map((p) => [p.tone, p.text])).toEqual([['danger', 'It asks to be allowed to do these without asking you each time: run "rm" commands on this computer.']]);
  });

  it('does not take what it is for from the listing when SKILL.md could not be read', () => {
    const summary = summarise({ frontmatter: {}, listedFrontmatter: { description: 'Formats invoices.' }, skillMdUnread: true, files: [], findings: [], complete: false });
    expect(summary.purpose).toBe('Its SKILL.md could not be read or parsed, so what it says it is for is not known.');
    expect(JSON.stringify(summary)).not.toContain('Formats invoices.');
  });

  it('counts each concern once and links every point to its findings', () => {
    const findings = [
      finding('risk-command-expansion', 'runs', at(3)),
      finding('risk-command-expansion', 'runs', at(5)),
      finding('risk-html-comment', 'comment', at(9)),
    ];
    const summary = summarise({ frontmatter: { description: 'd', 'allowed-tools': 'Read' }, files: [skillMd], findings, complete: true });
    expect(summary.headline).toBe('Be careful: 1 thing in this skill could do harm, and 2 more deserve a look.');
    const expansion = summary.points.find((p) => p.topic === 'risk' && p.tone === 'danger')!;
    expect(expansion.evidence).toEqual([
      { findingId: 'risk-command-expansion', fileUri: 'skill://s/SKILL.md', line: 3 },
      { findingId: 'risk-command-expansion', fileUri: 'skill://s/SKILL.md', line: 5 },
    ]);
    expect(summary.points.find((p) => p.topic === 'asks' && p.text.startsWith('It asks'))).toMatchObject({ tone: 'caution', text: 'It asks to be allowed to do these without asking you each time: read files.' });
  });
});
