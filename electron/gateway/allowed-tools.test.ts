import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../skills/frontmatter.js';
import { withoutAllowedTools } from './allowed-tools.js';

function cut(text: string) {
  const parsed = parseFrontmatter(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return withoutAllowedTools(text, parsed.value);
}

describe('allowed-tools left out of SKILL.md', () => {
  it('cuts a one-line field and nothing else', () => {
    expect(cut('---\nname: a\nallowed-tools: Bash(git:*) Read\ndescription: d\n---\n\n# A\n')).toEqual({ ok: true, text: '---\nname: a\ndescription: d\n---\n\n# A\n', frontmatter: { name: 'a', description: 'd' } });
  });

  it('cuts a list written under the key, indented or at column 0, with CRLF', () => {
    expect(cut('---\r\nname: a\r\nallowed-tools:\r\n- Bash\r\n- Read\r\ndescription: d\r\n---\r\nbody\r\n')).toMatchObject({ ok: true, text: '---\r\nname: a\r\ndescription: d\r\n---\r\nbody\r\n' });
    expect(cut('---\nname: a\nallowed-tools:\n  - Bash\n  - Read\ndescription: d\n---\n')).toMatchObject({ ok: true, frontmatter: { name: 'a', description: 'd' } });
  });

  it('refuses a field it cannot cut cleanly rather than serve something else', () => {
    expect(cut('---\n{name: a, description: d, allowed-tools: Read}\n---\n')).toMatchObject({ ok: false });
  });
});
