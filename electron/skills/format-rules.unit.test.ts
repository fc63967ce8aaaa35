import { describe, expect, it } from 'vitest';
import { FORMAT_CASES } from './finding-cases-format.unit.js';
import { runFindingCases, SERVER } from './finding-cases.unit.js';
import { frontmatterFindings, nameFindings, skillMdFindings } from './format-rules.js';
import { parseFrontmatter } from './frontmatter.js';

runFindingCases(FORMAT_CASES);

const at = { serverId: SERVER };
const ids = (findings: { id: string }[]) => findings.map((f) => f.id);

describe('nameFindings', () => {
  it.each(['a', 'pdf-tools', 'x1', 'a'.repeat(64), '0-9'])('accepts %j', (name) => {
    expect(nameFindings(name, at)).toEqual([]);
  });

  it.each([
    ['-pdf', ['agentskills-name-hyphens', 'sep-2640-name-naming-rules']],
    ['pdf-', ['agentskills-name-hyphens', 'sep-2640-name-naming-rules']],
    ['pdf tools', ['agentskills-name-charset', 'sep-2640-name-naming-rules']],
    ['pdf ', ['sep-2640-name-naming-rules']],
    ['', ['agentskills-name-missing']],
    ['   ', ['agentskills-name-missing']],
  ])('reports %j as %j', (name, expected) => {
    expect(ids(nameFindings(name, at))).toEqual(expected);
  });

  it.each([[42], [null], [['pdf']]])('reports a non-string name %j as missing, quoting it', (name) => {
    const [f] = nameFindings(name, at);
    expect(f?.id).toBe('agentskills-name-missing');
    expect(f?.actual).toBe(JSON.stringify(name));
  });

  it('counts length in code points after NFKC, so a 64-emoji-free name of astral letters is 64 long', () => {
    const name = '𝐚'.repeat(64); // mathematical bold a: NFKC folds it to "a"
    expect(ids(nameFindings(name, at))).toEqual(['sep-2640-name-naming-rules']);
  });

  it('compares the final URI segment with the name exactly as written', () => {
    expect(ids(nameFindings('pdf', at, { finalSegment: 'ｐｄｆ' }))).toEqual(['sep-2640-final-segment-equals-name']);
    expect(nameFindings('pdf', at, { finalSegment: 'pdf' })).toEqual([]);
  });
});

describe('frontmatterFindings', () => {
  it('accepts every Agent Skills field in its proper type', () => {
    const fm = { name: 'pdf', description: 'd', license: 'MIT', compatibility: 'Node 20', metadata: { a: 'b' }, 'allowed-tools': 'Bash Read' };
    expect(frontmatterFindings(fm, at)).toEqual([]);
  });

  it('reports metadata that is not a map, and an empty compatibility', () => {
    const found = frontmatterFindings({ name: 'pdf', description: 'd', metadata: ['a'], compatibility: '' }, at);
    expect(found.map((f) => [f.id, f.message])).toEqual([
      ['agentskills-compatibility-length', 'compatibility must be a string of 1–500 characters; found 0 characters.'],
      ['agentskills-metadata-string-map', 'metadata must be a map of strings to strings; found a list.'],
    ]);
  });

  it('rates allowed-tools as a YAML list of names a warning, and any other non-string an error', () => {
    const severityOf = (value: unknown) => frontmatterFindings({ name: 'pdf', description: 'd', 'allowed-tools': value }, at).map((f) => [f.id, f.severity, f.actual]);
    expect(severityOf(['Bash', 'Read'])).toEqual([['agentskills-allowed-tools-string', 'warning', 'list']]);
    expect(severityOf(42)).toEqual([['agentskills-allowed-tools-string', 'error', 'number']]);
    expect(severityOf({ Bash: true })).toEqual([['agentskills-allowed-tools-string', 'error', 'object']]);
    expect(severityOf(null)).toEqual([['agentskills-allowed-tools-string', 'error', 'null']]);
    expect(severityOf(['Bash', { Read: 1 }])).toEqual([['agentskills-allowed-tools-string', 'error', 'list']]);
    expect(severityOf('Bash Read')).toEqual([]);
  });

  it('puts the line of each field on its finding when known', () => {
    const found = frontmatterFindings({ name: 'pdf', description: 'd', license: 3 }, at, { fieldLines: { license: 7 } });
    expect(found[0]?.location).toEqual({ serverId: SERVER, field: 'license', line: 7 });
  });
});

describe('skillMdFindings', () => {
  it('reports a BOM and still reads the frontmatter after it', () => {
    const found = skillMdFindings(parseFrontmatter('\uFEFF---\nname: pdf\ndescription: d\n---\n'), at, { finalSegment: 'pdf' });
    expect(ids(found)).toEqual(['agentskills-byte-order-mark']);
  });

  it('counts tokens too: a 21,000-character single-line body is too long', () => {
    const found = skillMdFindings(parseFrontmatter(`---\nname: pdf\ndescription: d\n---\n${'x'.repeat(21_000)}`), at);
    expect(ids(found)).toEqual(['agentskills-body-too-long']);
    expect(found[0]?.actual).toBe('1 lines, ~5250 tokens');
  });
});
