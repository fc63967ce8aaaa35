// A skill whose URI is the name the reports give the server itself, "(server)":
// a server may list any string as a URI. The text and JUnit reports grouped
// findings by skill URI with "(server)" for those of no skill, so the
// server's own findings were shown as that skill's (the text printed them
// under its line; JUnit merged the two cases, with the skill's verdict, and
// counted one test fewer). Each keeps its own findings now.
import { describe, expect, it } from 'vitest';
import { finding } from '../../shared/findings.js';
import type { SkillEntry } from '../../shared/model.js';
import { parseXml } from '../../test/fixtures/cli/xml.js';
import type { CheckReport } from './check.js';
import { formatJunit } from './format-junit.js';
import { formatText } from './format-text.js';

const report: CheckReport = {
  server: { label: 'hostile' },
  skills: [{ uri: '(server)', name: 'x', verdict: 'risky', status: 'invalid' } as unknown as SkillEntry],
  findings: [
    finding('sep-2640-skillmd-required', 'The skill URI "(server)" is not a SKILL.md URI.', { serverId: 's', skillUri: '(server)' }),
    finding('inspector-list-limit', 'Stopped at the entry limit (1).', { serverId: 's' }),
  ],
};

describe('a skill listed with the URI "(server)"', () => {
  it('JUnit: the server case holds the server finding, the skill case its own, and both are counted', () => {
    const suite = parseXml(formatJunit(report, 'error')).children[0]!;
    const cases = suite.children.filter((c) => c.name === 'testcase');
    expect(cases.map((c) => [c.attributes['name'], c.children.map((x) => x.name), c.children.find((x) => x.name === 'failure')?.attributes['type']])).toEqual([
      ['(server)', ['failure'], 'inspector-list-limit'],
      ['(server)', ['properties', 'failure'], 'sep-2640-skillmd-required'],
    ]);
    expect([suite.attributes['tests'], suite.attributes['failures']]).toEqual(['2', '2']);
  });

  it('text: the skill’s line lists its own finding, and the server’s finding comes under the server', () => {
    const lines = formatText(report, false).split('\n');
    expect(lines.slice(1, 7)).toEqual([
      '',
      '(server)  [invalid]  Risky (invalid entry)',
      '  error   sep-2640-skillmd-required  The skill URI "(server)" is not a SKILL.md URI.',
      '',
      '(server)',
      '  error   inspector-list-limit  Stopped at the entry limit (1).',
    ]);
  });
});
