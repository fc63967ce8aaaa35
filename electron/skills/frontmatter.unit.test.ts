import { describe, expect, it } from 'vitest';
import { compareFrontmatter, parseFrontmatter, splitSkillMd, stableJson } from './frontmatter.js';

describe('splitSkillMd', () => {
  it('splits frontmatter from body and says where the body starts', () => {
    expect(splitSkillMd('---\nname: a\n---\nbody\n')).toEqual({ hasBom: false, yaml: 'name: a', unclosed: false, body: 'body\n', bodyLine: 4, yamlLine: 2 });
  });

  it('tolerates a BOM and CRLF line ends; a lone CR stays in its line, as the SDK reads it', () => {
    expect(splitSkillMd('\uFEFF---\r\nname: a\r\n---\r\nbody')).toMatchObject({ hasBom: true, yaml: 'name: a', body: 'body', bodyLine: 4 });
    // The SDK closes the frontmatter at a --- after a lone CR (JavaScript's multiline ^), mid-line.
    expect(splitSkillMd('\uFEFF---\r\nname: a\r---\r\nbody')).toMatchObject({ hasBom: true, yaml: 'name: a\r', body: 'body', bodyLine: 3 });
  });

  it('reports a file without an opening --- as having no YAML', () => {
    expect(splitSkillMd('# Title\n---\n').yaml).toBeUndefined();
  });

  it('takes the first closing --- only', () => {
    expect(splitSkillMd('---\na: 1\n---\nx\n---\ny').body).toBe('x\n---\ny');
  });
});

describe('parseFrontmatter', () => {
  it('parses YAML 1.2 core: "yes" and dates stay strings', () => {
    const parse = parseFrontmatter('---\nname: a\ndescription: yes\nmetadata:\n  released: 2024-01-01\n---\n');
    expect(parse.ok && parse.value).toEqual({ name: 'a', description: 'yes', metadata: { released: '2024-01-01' } });
  });

  it('records the line of each top-level field, quoted keys included', () => {
    const parse = parseFrontmatter('---\nname: a\n"description": d\nmetadata:\n  name: nested\n---\n');
    expect(parse.ok && parse.fieldLines).toEqual({ name: 2, description: 3, metadata: 4 });
  });

  it('explains each way a frontmatter can be unusable, with a line', () => {
    expect(parseFrontmatter('text')).toMatchObject({ ok: false, problem: 'missing', line: 1 });
    expect(parseFrontmatter('---\nname: a\n')).toMatchObject({ ok: false, problem: 'unclosed', line: 1 });
    expect(parseFrontmatter('---\nname: a\n  b: [\n---\n')).toMatchObject({ ok: false, problem: 'invalid-yaml' });
    expect(parseFrontmatter('---\n"just a string"\n---\n')).toMatchObject({ ok: false, problem: 'not-mapping', line: 2 });
    expect(parseFrontmatter('---\n---\n')).toMatchObject({ ok: false, problem: 'not-mapping' });
  });

  it('gives the line of the offending key in the file, not in the YAML', () => {
    expect(parseFrontmatter('---\na: 1\nb: 2\na: 3\n---\n')).toMatchObject({ ok: false, problem: 'invalid-yaml', line: 4 });
  });

  it('keeps a "__proto__" key as data without touching the prototype', () => {
    // Hosts built on the SDK refuse the key; the fields are still read, as a YAML library reads them, for the format rules.
    const parse = parseFrontmatter('---\n__proto__:\n  polluted: yes\nname: a\n---\n');
    expect(parse).toMatchObject({ ok: false, problem: 'sdk-refuses', line: 2 });
    const value = parse.ok ? parse.value : parse.read?.value;
    expect(Object.keys(value ?? {})).toEqual(['__proto__', 'name']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('compareFrontmatter', () => {
  it('finds no difference when only key order differs, nested too', () => {
    expect(compareFrontmatter({ a: 1, m: { x: '1', y: '2' } }, { m: { y: '2', x: '1' }, a: 1 })).toEqual([]);
  });

  it('compares over the union of keys and shows absent sides as missing', () => {
    expect(compareFrontmatter({ name: 'a', license: 'MIT' }, { name: 'a', version: '1' })).toEqual([
      { field: 'license', listed: '"MIT"' },
      { field: 'version', served: '"1"' },
    ]);
  });

  it('distinguishes a string from a number and null from absent', () => {
    expect(compareFrontmatter({ v: '1' }, { v: 1 })).toEqual([{ field: 'v', listed: '"1"', served: '1' }]);
    expect(compareFrontmatter({ v: null }, {})).toEqual([{ field: 'v', listed: 'null' }]);
  });

  it('stableJson sorts keys at every depth', () => {
    expect(stableJson({ b: [{ d: 1, c: 2 }], a: 'x' })).toBe('{"a":"x","b":[{"c":2,"d":1}]}');
  });
});

describe('prototype names as frontmatter keys (issue 13, item 16)', () => {
  const text = '---\nname: a\ndescription: d\n__proto__: p\nconstructor: c\nhasOwnProperty: h\ntoString: t\n---\nbody\n';

  it('gives each its own line, never a member of Object.prototype', () => {
    // Refused by hosts built on the SDK for its "__proto__" key, read as a YAML library reads it.
    const refused = parseFrontmatter(text);
    expect(refused).toMatchObject({ ok: false, problem: 'sdk-refuses', line: 4 });
    const parsed = refused.ok ? refused : refused.read!;
    // Built with JSON.parse: a `__proto__:` key in an object literal would set the prototype instead.
    expect({ ...parsed.fieldLines }).toEqual(JSON.parse('{"name":2,"description":3,"__proto__":4,"constructor":5,"hasOwnProperty":6,"toString":7}'));
    expect(parsed.fieldLines['valueOf']).toBeUndefined();
    expect(Object.keys(parsed.value)).toEqual(['name', 'description', '__proto__', 'constructor', 'hasOwnProperty', 'toString']);
  });

  it('compares them as fields like any other', () => {
    const listed = JSON.parse('{"name":"a","__proto__":"p","constructor":"c"}') as Record<string, unknown>;
    const served = JSON.parse('{"name":"a","__proto__":"q","toString":"t"}') as Record<string, unknown>;
    expect(compareFrontmatter(listed, served)).toEqual([
      { field: '__proto__', listed: '"p"', served: '"q"' },
      { field: 'constructor', listed: '"c"' },
      { field: 'toString', served: '"t"' },
    ]);
  });
});

describe('deep frontmatter (issue 13, item 12)', () => {
  const flow = (depth: number) => `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`;

  it('refuses a served frontmatter nested past 64 levels, naming the field and its line', () => {
    const parsed = parseFrontmatter(`---\nname: a\ndescription: d\nx: ${flow(100)}\n---\n`);
    expect(parsed).toMatchObject({ ok: false, problem: 'too-deep', field: 'x', line: 4 });
    expect(parsed.ok ? '' : parsed.message).toContain('more than 64 levels deep (at x.a.a.…');
  });

  it('calls a frontmatter the YAML reader cannot follow too deep, not invalid YAML', () => {
    expect(parseFrontmatter(`---\nname: a\nx: ${flow(5000)}\n---\n`)).toMatchObject({ ok: false, problem: 'too-deep' });
  });

  it('reads one nested to exactly the limit (the mapping is level 1), which hosts built on the SDK refuse past their 32', () => {
    const parsed = parseFrontmatter(`---\nname: a\nx: ${flow(63)}\n---\n`);
    expect(parsed).toMatchObject({ ok: false, problem: 'sdk-refuses', line: 3, message: 'Hosts built on the MCP SDK refuse this SKILL.md: it nests data more than 32 levels deep, past the most their reader follows.' });
    expect(!parsed.ok && parsed.read?.value['x']).toBeTruthy();
    expect(parseFrontmatter(`---\nname: a\nx: ${flow(32)}\n---\n`).ok).toBe(true);
  });

  it('writes stable JSON of any depth without overflowing the stack, the marker past the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const json = stableJson(deep);
    expect(json.startsWith('['.repeat(64))).toBe(true);
    expect(json).toContain('"[nested deeper than 64 levels: not read]"');
  });
});
