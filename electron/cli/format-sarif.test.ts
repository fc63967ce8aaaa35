import { describe, expect, it } from 'vitest';
import { finding } from '../../shared/findings.js';
import { isUriReference, loadSarifValidator } from '../../test/fixtures/sarif/validator.js';
import type { CheckReport } from './check.js';
import { formatSarif } from './format-sarif.js';

const report: CheckReport = {
  server: { label: 'prod' },
  skills: [],
  findings: [
    finding('sep-2640-skills-list-cache-attributes', 'skills/list has no ttlMs.', { serverId: 'prod', field: 'skills/list' }),
    finding('agentskills-unknown-field', 'Field "colour" is not in the spec.', { serverId: 'prod', skillUri: 'skill://acme/x/SKILL.md', fileUri: 'skill://acme/x/SKILL.md', field: 'frontmatter.colour', line: 4, column: 1 }),
  ],
};

interface Log {
  runs: Array<{ originalUriBaseIds?: unknown; results: Array<{ ruleId: string; level: string; locations: Array<Record<string, unknown>> }> }>;
}

describe('SARIF locations', () => {
  it('uses the file URI and line; a server-level finding gets a logical location only', () => {
    const log = JSON.parse(formatSarif(report)) as Log;
    const [server, field] = log.runs[0]!.results;
    expect(server!.level).toBe('error');
    expect(server!.locations).toEqual([
      { logicalLocations: [{ name: 'prod', fullyQualifiedName: 'prod', kind: 'module' }, { name: 'skills/list', fullyQualifiedName: 'prod#skills/list', kind: 'member' }] },
    ]);
    expect(field!.level).toBe('warning');
    expect(field!.locations[0]!['physicalLocation']).toEqual({ artifactLocation: { uri: 'skill://acme/x/SKILL.md' }, region: { startLine: 4, startColumn: 1 } });
    expect(log.runs[0]!.originalUriBaseIds).toBeUndefined();
  });

  it('with a root, every result has a repository path, the server-level one at the root itself', () => {
    const log = JSON.parse(formatSarif(report, { root: './skills/' })) as Log;
    const [server, field] = log.runs[0]!.results;
    expect(server!.locations[0]!['physicalLocation']).toEqual({ artifactLocation: { uri: 'skills', uriBaseId: '%SRCROOT%' } });
    expect(field!.locations[0]!['physicalLocation']).toEqual({ artifactLocation: { uri: 'skills/acme/x/SKILL.md', uriBaseId: '%SRCROOT%' }, region: { startLine: 4, startColumn: 1 } });
    const top = JSON.parse(formatSarif(report, { root: '.' })) as Log;
    expect(top.runs[0]!.results[1]!.locations[0]!['physicalLocation']).toMatchObject({ artifactLocation: { uri: 'acme/x/SKILL.md' } });
  });
});

describe('SARIF locations of URIs a server wrote', () => {
  const HOSTILE = ['a b', 'x#y', 'q?z', '%zz', 'ü', '\\back', '[x]', '\u0000', '"<\'>', '\ud800', '\u202e', 'a:b'];
  const at = (uri: string): CheckReport => ({
    server: { label: 'prod' },
    skills: [],
    findings: [finding('agentskills-unknown-field', 'Field "colour" is not in the spec.', { serverId: 'prod', skillUri: uri, fileUri: uri, line: 4 })],
  });
  const locatedAt = (log: string) => (JSON.parse(log) as Log).runs[0]!.results[0]!.locations[0]!['physicalLocation'] as { artifactLocation: { uri: string } };

  it('the strict URI check rejects what RFC 3986 does', () => {
    for (const bad of ['a b', 'skill://x/%zz', 'skill://x/a#b#c', 'x\\y', 'é', 'a:b c', '<x>', 'skill://[x]/a', 'skill://a:b/c']) expect(isUriReference(bad), bad).toBe(false);
    for (const good of ['skill://acme/x/SKILL.md', 'skills/acme/x%20y/SKILL.md', 'a%3Ab/c', '.', '', 'skill://x/y?q=1#f', 'file:///tmp/a.json', 'http://[::1]:8080/x', 'skill://u:p@h:1/']) expect(isUriReference(good), good).toBe(true);
  });

  it('every location is a valid URI reference, the log valid SARIF 2.1.0, with and without --sarif-root', async () => {
    const validate = await loadSarifValidator();
    for (const part of HOSTILE) {
      for (const uri of [`skill://acme/${part}/SKILL.md`, `skill://${part}/SKILL.md`, `${part}/SKILL.md`]) {
        for (const root of [undefined, 'skills', '.']) {
          const log = formatSarif(at(uri), { root });
          const located = locatedAt(log).artifactLocation.uri;
          expect(isUriReference(located), `${JSON.stringify(uri)} under ${root}: ${located}`).toBe(true);
          const parsed = JSON.parse(log) as object;
          expect(validate(parsed) ? [] : validate.errors, `${JSON.stringify(uri)} under ${root}`).toEqual([]);
        }
      }
    }
  });

  it('encodes what is not allowed and keeps what is: the same file, read back by decoding', () => {
    expect(locatedAt(formatSarif(at('skill://acme/a b/SKILL.md'))).artifactLocation.uri).toBe('skill://acme/a%20b/SKILL.md');
    expect(locatedAt(formatSarif(at('skill://acme/a%20b/SKILL.md'))).artifactLocation.uri).toBe('skill://acme/a%20b/SKILL.md');
    expect(locatedAt(formatSarif(at('skill://acme/ü/%zz.md'))).artifactLocation.uri).toBe('skill://acme/%C3%BC/%25zz.md');
    expect(locatedAt(formatSarif(at('skill://acme/x/SKILL.md?v=1#top'))).artifactLocation.uri).toBe('skill://acme/x/SKILL.md?v=1#top');
    const rooted = (uri: string) => locatedAt(formatSarif(at(uri), { root: 'skills' })).artifactLocation.uri;
    // Under a root, ? and # are part of the file's path in the repository, not a query or fragment.
    expect(rooted('skill://acme/x#y/SKILL.md')).toBe('skills/acme/x%23y/SKILL.md');
    expect(rooted('skill://acme/q?z/SKILL.md')).toBe('skills/acme/q%3Fz/SKILL.md');
    expect(decodeURIComponent(rooted('skill://acme/a b/ü.md'))).toBe('skills/acme/a b/ü.md');
  });

  it('a location never climbs out of the root', () => {
    const rooted = (uri: string) => locatedAt(formatSarif(at(uri), { root: 'skills' })).artifactLocation.uri;
    expect(rooted('skill://acme/../../../etc/passwd')).toBe('skills/etc/passwd');
    expect(rooted('skill://../x/SKILL.md')).toBe('skills/x/SKILL.md');
    expect(locatedAt(formatSarif(at('skill://a:b/SKILL.md'), { root: '.' })).artifactLocation.uri).toBe('a%3Ab/SKILL.md');
  });
});

describe('SARIF text a server wrote with a lone surrogate', () => {
  it('is written as U+FFFD: every string of the log is well-formed Unicode', () => {
    const report: CheckReport = {
      server: { label: 'prod\ud800', selfReported: { name: 'x\udfff', version: '1' } },
      skills: [],
      findings: [finding('agentskills-unknown-field', 'Field "a\ud800b" is not in the spec.', { serverId: 'prod', skillUri: 'skill://acme/x/SKILL.md', field: 'frontmatter.a\ud800b' }, { actual: '\udc00\ud83d\ude00' })],
    };
    const log = formatSarif(report);
    expect(log).not.toMatch(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i);
    const strings: string[] = [];
    JSON.parse(log, (_key, value: unknown) => (typeof value === 'string' && strings.push(value), value));
    expect(strings.filter((s) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s))).toEqual([]);
    expect(log).toContain('Field \\"a\uFFFDb\\" is not in the spec. Found: \uFFFD\ud83d\ude00.');
  });
});
