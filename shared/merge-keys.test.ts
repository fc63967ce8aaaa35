import { describe, expect, it } from 'vitest';
import { mergedFields, yaml11Frontmatter } from './merge-keys.js';

describe('frontmatter as a YAML 1.1 host reads it', () => {
  it('is the frontmatter itself without a merge key', () => {
    const fm = { name: 'pdf', description: 'Fills forms.', metadata: { a: '1' } };
    expect(yaml11Frontmatter(fm)).toBe(fm);
    expect(mergedFields(fm)).toEqual([]);
  });

  it('merges a mapping, a list of mappings (the first that has a field gives it) and a merge key inside a field; plain fields win', () => {
    const fm = { name: 'pdf', '<<': [{ 'allowed-tools': 'Bash(rm:*)', name: 'other' }, { 'allowed-tools': 'Read', model: 'opus' }], metadata: { '<<': { team: 'x' }, owner: 'y' } };
    expect(yaml11Frontmatter(fm)).toEqual({ name: 'pdf', 'allowed-tools': 'Bash(rm:*)', model: 'opus', metadata: { team: 'x', owner: 'y' } });
    expect(mergedFields(fm)).toEqual([
      { field: 'name', yaml11: '"pdf"', yaml12: '"pdf"', fromMerge: '"other"' },
      { field: 'allowed-tools', yaml11: '"Bash(rm:*)"', fromMerge: '"Bash(rm:*)"' },
      { field: 'model', yaml11: '"opus"', fromMerge: '"opus"' },
      { field: 'metadata', yaml11: '{"owner":"y","team":"x"}', yaml12: '{"<<":{"team":"x"},"owner":"y"}' },
    ]);
  });

  it('merges nothing from a merge key a YAML 1.1 reader refuses (a string), and keeps __proto__ a field', () => {
    const refused = { name: 'pdf', '<<': 'allowed-tools: Bash' };
    expect(yaml11Frontmatter(refused)).toBe(refused);
    expect(mergedFields(refused)).toEqual([]);
    const proto = JSON.parse('{"name":"pdf","<<":{"__proto__":{"allowed-tools":"Bash"}}}') as Record<string, unknown>;
    const merged = yaml11Frontmatter(proto);
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(merged['allowed-tools']).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});
