// YAML can say .nan, .inf and -.inf; JSON cannot, and JSON.stringify writes each
// of them as null. A SKILL.md whose field is .inf therefore compared equal to a
// listing whose field is null: "matches listing" for a value the listing never
// said. The comparison tells them apart. And hosts built on the SDK refuse an
// unquoted .nan, .inf or 1e400 in SKILL.md outright, so such a file is never
// verified, even against a listed 1e400 (which JSON.parse reads as Infinity).
import { describe, expect, it } from 'vitest';
import { compareFrontmatter } from './frontmatter.js';
import { sha256, verifyFile } from './verify.js';

const URI = 'skill://acme/notes/SKILL.md';

function checkOf(listed: Record<string, unknown>, yamlValue: string) {
  const bytes = Buffer.from(`---\nname: notes\ndescription: Takes notes.\nlimit: ${yamlValue}\n---\nWrite it down.\n`, 'utf8');
  const entry = { uri: URI, frontmatter: { name: 'notes', description: 'Takes notes.', ...listed }, resources: [{ uri: URI, digest: sha256(bytes), size: bytes.byteLength }], loadable: true };
  return verifyFile(entry, URI, bytes, { serverId: 's' }).check;
}

describe('frontmatter values JSON cannot write', () => {
  for (const value of ['.nan', '.inf', '-.inf']) {
    it(`a served ${value} does not match a listed null`, () => {
      expect(checkOf({ limit: null }, value)).toMatchObject({ state: 'failed', reason: 'frontmatter' });
      expect(compareFrontmatter({ limit: null }, { limit: value === '.nan' ? Number.NaN : value === '.inf' ? Infinity : -Infinity })).toHaveLength(1);
    });
  }

  it('a listed null still matches a served null; a served .inf fails even against a listed 1e400 (Infinity): the SDK refuses it', () => {
    expect(checkOf({ limit: null }, 'null')).toMatchObject({ state: 'verified' });
    expect(checkOf(JSON.parse('{"limit": 1e400}') as Record<string, unknown>, '.inf')).toMatchObject({
      state: 'failed',
      reason: 'frontmatter',
      message: 'SKILL.md has no usable frontmatter: Hosts built on the MCP SDK refuse this SKILL.md: the value ".inf" is not a number JSON can hold, and their reader refuses it unquoted.',
    });
  });
});
