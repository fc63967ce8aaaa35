import { describe, expect, it } from 'vitest';
import { finding } from '../../shared/findings.js';
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
