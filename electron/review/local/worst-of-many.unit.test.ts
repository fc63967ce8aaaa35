// worstOf gathers every finding of every local skill; a folder decides how many there are.
// Spreading them into push() threw "Maximum call stack size exceeded" past about 120,000.
import { describe, expect, it } from 'vitest';
import { finding } from '../../../shared/findings.js';
import type { Finding } from '../../../shared/model.js';
import { worstOf, type LocalSkill } from './local-skill.js';

const at = { serverId: 'local', skillUri: 'file:///skills/notes/SKILL.md' };

function skillWith(formatFindings: Finding[], reviewFindings: Finding[]): LocalSkill {
  return { formatFindings, review: { findings: reviewFindings } } as unknown as LocalSkill;
}

describe('worstOf', () => {
  it('takes the worst of 150,000 findings of one skill', () => {
    const many = Array.from({ length: 150_000 }, (_, i) => finding('agentskills-unknown-field', `"k${i}" is not an Agent Skills field.`, at));
    const error = finding('agentskills-name-missing', 'The frontmatter must have a non-empty string "name".', at);
    expect(worstOf([skillWith([error], many)])).toBe('error');
    expect(worstOf([skillWith(many, [])])).toBe('warning');
  });
});
