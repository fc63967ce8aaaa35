// The app's reading of SKILL.md against the SDK's own (its skills extension's frontmatter reader, reached through
// the public skillEntry, which servers' catalogs build with). A file the SDK refuses must not parse, and a file
// it reads must give the SDK's fields: these were found read by the app and refused, or read otherwise, by the SDK.
import { skillEntry } from '@modelcontextprotocol/server/ext/skills';
import { describe, expect, it } from 'vitest';
import { skillMdFindings } from './format-rules.js';
import { parseFrontmatter } from './frontmatter.js';
import { SKILL_URI, fileRef } from './finding-cases.unit.js';
import { SDK_REFUSED_FORMS } from './finding-cases-frontmatter-limits.unit.js';
import { verifyFile, type VerifiableEntry } from './verify.js';

/** What the SDK makes of a SKILL.md: its frontmatter, or why it refuses it. */
async function sdkReading(text: string): Promise<{ frontmatter: unknown } | { refused: string }> {
  try {
    return { frontmatter: (await skillEntry('pdf-tools', { 'SKILL.md': text })).frontmatter };
  } catch (error) {
    const problems = (error as { problems?: Array<{ message: string }> }).problems ?? [];
    return { refused: problems.map((p) => p.message).join('; ') };
  }
}

const REFUSED: Array<[string, string, number, string, string]> = [
  [
    'an anchor and an alias',
    '---\nname: pdf-tools\ndescription: &d Fill PDF forms.\nlicense: *d\n---\nbody\n',
    3,
    'it uses an anchor (&d), and their reader takes no YAML anchors, aliases or tags',
    'SKILL.md frontmatter: line 3: anchors, aliases and tags are not supported',
  ],
  [
    'an alias alone',
    '---\nname: pdf-tools\ndescription: Fill PDF forms.\nmetadata: {a: &x b, c: *x}\n---\nbody\n',
    4,
    'it uses an anchor (&x), and their reader takes no YAML anchors, aliases or tags',
    'SKILL.md frontmatter: line 4: anchors, aliases and tags are not supported',
  ],
  [
    'a tag',
    '---\nname: pdf-tools\ndescription: !!str Fill PDF forms.\n---\nbody\n',
    3,
    'it uses a tag (tag:yaml.org,2002:str), and their reader takes no YAML anchors, aliases or tags',
    'SKILL.md frontmatter: line 3: anchors, aliases and tags are not supported',
  ],
  [
    'a "..." document-end line',
    '---\nname: pdf-tools\ndescription: Fill PDF forms.\n...\n---\nbody\n',
    4,
    'it has a "..." document-end line, which their reader does not take as the end of the frontmatter but refuses as a line that is not "key: value"',
    'SKILL.md frontmatter: line 4: expected "key: value"',
  ],
  [
    'trailing spaces on the opening ---',
    '---  \nname: pdf-tools\ndescription: Fill PDF forms.\n---\nbody\n',
    1,
    'its first line is "---" followed by spaces or tabs, and they read frontmatter only after a line of exactly "---"',
    'SKILL.md frontmatter: line 1: SKILL.md must begin with a "---" line',
  ],
];

describe('a SKILL.md the SDK refuses', () => {
  for (const [name, text, line, reason, sdk] of REFUSED) {
    it(`is refused with ${name}, at the SDK's line`, async () => {
      expect(await sdkReading(text)).toEqual({ refused: sdk });
      const parse = parseFrontmatter(text);
      expect(parse).toMatchObject({ ok: false, problem: 'sdk-refuses', line, message: `Hosts built on the MCP SDK refuse this SKILL.md: ${reason}.` });
      const loc = { serverId: 's', skillUri: 'skill://pdf-tools/SKILL.md' };
      expect(skillMdFindings(parse, loc, { finalSegment: 'pdf-tools' })).toEqual([
        { id: 'sep-2640-skillmd-frontmatter', severity: 'error', title: 'SKILL.md has no valid frontmatter', message: `Hosts built on the MCP SDK refuse this SKILL.md: ${reason}.`, location: { ...loc, line } },
      ]);
    });
  }

  it('is refused when a lone CR hides a second field in the description, which the app read as allowed-tools', async () => {
    const text = '---\nname: pdf-tools\ndescription: y\rallowed-tools: Bash(rm:*)\n---\nbody\n';
    expect(await sdkReading(text)).toEqual({ refused: 'SKILL.md frontmatter: line 3: a plain value cannot contain ": "; quote the value' });
    expect(parseFrontmatter(text)).toMatchObject({ ok: false, problem: 'invalid-yaml', line: 3, message: 'Nested mappings are not allowed in compact mappings' });
  });
});

describe('each form the SDK refuses and a YAML library reads (the format finding cases)', () => {
  for (const form of SDK_REFUSED_FORMS) {
    it(`${form.input}: refused by the SDK at line ${form.line}, and by the app there; ${form.near.input}: read by both alike`, async () => {
      expect(await sdkReading(form.text)).toEqual({ refused: `SKILL.md frontmatter: ${form.sdk}` });
      expect(parseFrontmatter(form.text)).toMatchObject({ ok: false, problem: 'sdk-refuses', line: form.line });
      const near = await sdkReading(form.near.text);
      const parse = parseFrontmatter(form.near.text);
      expect(parse.ok && { frontmatter: parse.value }).toEqual(near);
    });
  }

  it('a plain value continued past a comment is refused by both (the YAML library too)', async () => {
    const text = '---\nname: pdf-tools\ndescription: Fill PDF # forms\n  and sign them.\n---\nbody\n';
    expect(await sdkReading(text)).toEqual({ refused: 'SKILL.md frontmatter: line 4: a comment ends a plain value; quote a value that continues past it' });
    expect(parseFrontmatter(text)).toMatchObject({ ok: false, problem: 'invalid-yaml' });
  });
});

describe('a SKILL.md the SDK reads', () => {
  it('reads the same fields in every form its reader takes: comments, multi-line plain and block scalars, quoted keys, one-line flow', async () => {
    const text = [
      '---',
      '# a comment line',
      'name: pdf-tools # the folder name',
      'description: Fill PDF forms,',
      '  then sign them. Why? Hosts ask.',
      'license: "MIT # not a comment"',
      "compatibility: 'needs ''qpdf'''",
      'allowed-tools: Bash(qpdf:*) Read',
      'metadata:',
      '  "1": one',
      '  version: "1.0"',
      '  notes: |-',
      '    line one',
      '      indented',
      '  summary: >+',
      '    folded',
      '    text',
      '',
      'x-list:',
      '- a',
      '- [1, 0x1F, 0o17, -2.5e3, true, ~, "q"]',
      '- {k: v, "n": 2}',
      '- - nested',
      '  - k: v',
      `x-deep: ${'{a: '.repeat(32)}leaf${'}'.repeat(32)}`,
      '---',
      'body',
      '',
    ].join('\n');
    const sdk = await sdkReading(text);
    expect(sdk).toHaveProperty('frontmatter');
    const parse = parseFrontmatter(text);
    expect(parse.ok && { frontmatter: parse.value }).toEqual(sdk);
  });

  // The body's line counts line feeds only, as the SDK does: a --- after U+2028 or a lone CR closes mid-line.
  const READ: Array<[string, string, Record<string, unknown>, string, number]> = [
    ['a lone CR inside a value, part of the value', '---\nname: pdf-tools\ndescription: y\rz\n---\nbody\n', { name: 'pdf-tools', description: 'y\rz' }, 'body\n', 5],
    [
      'a U+2028 before ---, which ends the frontmatter',
      '---\nname: pdf-tools\ndescription: Fill PDF forms.\u2028---\nallowed-tools: Bash(rm:*)\n---\nbody\n',
      { name: 'pdf-tools', description: 'Fill PDF forms.\u2028' },
      'allowed-tools: Bash(rm:*)\n---\nbody\n',
      4,
    ],
    [
      'a lone CR before ---, which ends the frontmatter',
      '---\nname: pdf-tools\ndescription: Fill PDF forms.\r---\nallowed-tools: Bash(rm:*)\n---\nbody\n',
      { name: 'pdf-tools', description: 'Fill PDF forms.\r' },
      'allowed-tools: Bash(rm:*)\n---\nbody\n',
      4,
    ],
    // The SDK's YAML keeps the line break before the closing ---, which a keep-chomping (+) block scalar keeps.
    ['a keep-chomping block scalar last', '---\nname: pdf-tools\ndescription: |+\n  Fill PDF forms.\n\n---\nbody\n', { name: 'pdf-tools', description: 'Fill PDF forms.\n\n' }, 'body\n', 7],
  ];
  for (const [name, text, fields, body, bodyLine] of READ) {
    it(`gives the SDK's fields with ${name}`, async () => {
      expect(await sdkReading(text)).toEqual({ frontmatter: fields });
      const parse = parseFrontmatter(text);
      expect(parse.ok && parse.value).toEqual(fields);
      expect(parse.split.body).toBe(body);
      expect(parse.split.bodyLine).toBe(bodyLine);
    });
  }
});

describe('verifying a listed SKILL.md the SDK refuses', () => {
  it('fails it on its frontmatter although its size, digest and fields match the listing', () => {
    const text = '---\nname: pdf-tools\ndescription: &d Fill PDF forms.\n---\nbody\n';
    const entry: VerifiableEntry = { uri: SKILL_URI, frontmatter: { name: 'pdf-tools', description: 'Fill PDF forms.' }, resources: [fileRef(SKILL_URI, text)], loadable: true };
    const verdict = verifyFile(entry, SKILL_URI, Buffer.from(text, 'utf8'), { serverId: 's', now: '2026-01-01T00:00:00.000Z' });
    expect(verdict.check).toEqual({
      state: 'failed',
      reason: 'frontmatter',
      message: 'SKILL.md has no usable frontmatter: Hosts built on the MCP SDK refuse this SKILL.md: it uses an anchor (&d), and their reader takes no YAML anchors, aliases or tags.',
      checkedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(verdict.findings.map((f) => `${f.id} ${f.location.line}`)).toEqual(['sep-2640-skillmd-frontmatter 3']);
  });
});
