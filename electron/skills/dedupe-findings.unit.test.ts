import { describe, expect, it } from 'vitest';
import { finding } from '../../shared/findings.js';
import { preferServedFrontmatter } from './dedupe-findings.js';

const SKILL = 'skill://acme/pdf/SKILL.md';
const listed = (id: Parameters<typeof finding>[0], field: string) => finding(id, 'm', { serverId: 's', skillUri: SKILL, field: `frontmatter.${field}` });
const served = (id: Parameters<typeof finding>[0], field: string, line: number, fileUri = SKILL) => finding(id, 'm', { serverId: 's', skillUri: SKILL, fileUri, field, line });

describe('preferServedFrontmatter', () => {
  it("keeps the served file's format finding (with its line) and drops the listing's twin", () => {
    const out = preferServedFrontmatter([listed('agentskills-allowed-tools-string', 'allowed-tools'), listed('agentskills-unknown-field', 'owner'), served('agentskills-allowed-tools-string', 'allowed-tools', 4), served('agentskills-unknown-field', 'owner', 5)], SKILL);
    expect(out.map((f) => [f.id, f.location.field, f.location.line])).toEqual([
      ['agentskills-allowed-tools-string', 'allowed-tools', 4],
      ['agentskills-unknown-field', 'owner', 5],
    ]);
  });

  it('keeps what only the listing says, what only the file says, and everything before the file is read', () => {
    const onlyListed = [listed('agentskills-unknown-field', 'owner'), listed('agentskills-license-string', 'license')];
    expect(preferServedFrontmatter(onlyListed, SKILL)).toEqual(onlyListed);
    const mixed = preferServedFrontmatter([...onlyListed, served('agentskills-unknown-field', 'owner', 5)], SKILL);
    expect(mixed.map((f) => f.location.field)).toEqual(['frontmatter.license', 'owner']);
  });

  it('leaves findings that are not format rules, and findings of other files, alone', () => {
    const tooDeep = [listed('inspector-too-deep', 'x'), served('inspector-too-deep', 'x', 3)];
    expect(preferServedFrontmatter(tooDeep, SKILL)).toEqual(tooDeep);
    const nested = [listed('agentskills-unknown-field', 'owner'), served('agentskills-unknown-field', 'owner', 5, 'skill://acme/pdf/inner/SKILL.md')];
    expect(preferServedFrontmatter(nested, SKILL)).toEqual(nested);
  });
});
