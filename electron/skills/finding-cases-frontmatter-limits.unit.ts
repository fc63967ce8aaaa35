// Finding cases for frontmatter the inspector or the SDK will not read: YAML the library reads but the SDK's
// frontmatter reader refuses (sdk-refusals.ts), and frontmatter past the inspector's own limits (too deep, too
// large). Spread into FORMAT_CASES; the SDK-refused forms are also run through the SDK itself in frontmatter-sdk.unit.
import type { FindingId } from '../../shared/findings.js';
import { skillMdFindings } from './format-rules.js';
import { parseFrontmatter } from './frontmatter.js';
import { SERVER, SKILL_MD, SKILL_URI, type FindingCase } from './finding-cases.unit.js';

const loc = { serverId: SERVER, skillUri: SKILL_URI, fileUri: SKILL_URI };
const md = (text: string) => () => skillMdFindings(parseFrontmatter(text), loc, { finalSegment: 'pdf-tools' });
/** A SKILL.md of pdf-tools: its name, then the given lines (a description first unless they bring one). */
const skillMd = (lines: string) => `---\nname: pdf-tools\n${lines.startsWith('description') ? '' : 'description: Fill PDF forms.\n'}${lines}\n---\n# PDF tools\n`;
/** `{a: {a: … leaf}}`, `depth` mappings deep, as flow YAML. */
export const deepFlow = (depth: number): string => `${'{a: '.repeat(depth)}leaf${'}'.repeat(depth)}`;

export interface SdkRefusedForm {
  /** The form, in words. */
  readonly input: string;
  /** The SKILL.md. */
  readonly text: string;
  /** The line the SDK names, and the finding's. */
  readonly line: number;
  /** Words of the finding's message that say why. */
  readonly why: string;
  /** What the SDK's skillEntry says, word for word. */
  readonly sdk: string;
  /** Other IDs the file brings (its fields as a YAML library reads them still meet the format rules). */
  readonly also?: readonly FindingId[];
  /** A close variant the SDK reads, and the IDs it brings. */
  readonly near: { readonly input: string; readonly text: string; readonly ids: readonly FindingId[] };
}

const UNKNOWN: readonly FindingId[] = ['agentskills-unknown-field'];

/** Frontmatter a YAML library reads and the SDK's reader refuses: each was read as fine before it was mirrored. */
export const SDK_REFUSED_FORMS: readonly SdkRefusedForm[] = [
  {
    input: 'trailing spaces after the opening ---',
    text: SKILL_MD.replace('---\n', '---  \n'),
    line: 1,
    why: 'exactly "---"',
    sdk: 'line 1: SKILL.md must begin with a "---" line',
    near: { input: 'a well-formed SKILL.md', text: SKILL_MD, ids: [] },
  },
  {
    input: 'a YAML anchor and alias',
    text: skillMd('description: &d Fill PDF forms.\nlicense: *d'),
    line: 3,
    why: 'anchor (&d)',
    sdk: 'line 3: anchors, aliases and tags are not supported',
    near: { input: 'the value written out twice', text: skillMd('description: Fill PDF forms.\nlicense: Fill PDF forms.'), ids: [] },
  },
  {
    input: 'an unquoted .inf',
    text: skillMd('x-limit: .inf'),
    line: 4,
    why: 'the value ".inf" is not a number JSON can hold',
    sdk: 'line 4: ".inf" cannot be represented in JSON; quote it',
    also: UNKNOWN,
    near: { input: '".inf" quoted', text: skillMd('x-limit: ".inf"'), ids: UNKNOWN },
  },
  {
    input: 'an unquoted -.inf in a flow sequence',
    text: skillMd('x-limits: [1, -.inf]'),
    line: 4,
    why: 'the value "-.inf"',
    sdk: 'line 4: "-.inf" cannot be represented in JSON; quote it',
    also: UNKNOWN,
    near: { input: 'a finite number', text: skillMd('x-limits: [1, -1.5]'), ids: UNKNOWN },
  },
  {
    input: 'an unquoted .nan',
    text: skillMd('x-limit: .nan'),
    line: 4,
    why: 'the value ".nan"',
    sdk: 'line 4: ".nan" cannot be represented in JSON; quote it',
    also: UNKNOWN,
    near: { input: 'nan, which is a string', text: skillMd('x-limit: nan'), ids: UNKNOWN },
  },
  {
    input: 'a number past a double (1e400)',
    text: skillMd('x-limit: 1e400'),
    line: 4,
    why: 'the value "1e400"',
    sdk: 'line 4: "1e400" cannot be represented in JSON; quote it',
    also: UNKNOWN,
    near: { input: '1e300', text: skillMd('x-limit: 1e300'), ids: UNKNOWN },
  },
  {
    input: 'a double-quoted description over two lines',
    text: skillMd('description: "Fill PDF\n  forms."'),
    line: 3,
    why: 'a quoted value runs over more than one line',
    sdk: 'line 3: a quoted value must close on the same line (multi-line quoted values are not supported)',
    near: { input: 'the same words as a plain value over two lines', text: skillMd('description: Fill PDF\n  forms.'), ids: [] },
  },
  {
    input: 'a single-quoted value over two lines',
    text: skillMd("license: 'MIT\n  or Apache'"),
    line: 4,
    why: 'a quoted value runs over more than one line',
    sdk: 'line 4: a quoted value must close on the same line (multi-line quoted values are not supported)',
    near: { input: 'on one line', text: skillMd("license: 'MIT or Apache'"), ids: [] },
  },
  {
    input: 'a flow sequence over two lines',
    text: skillMd('x-tags: [pdf,\n  forms]'),
    line: 4,
    why: 'a flow collection ("[…]" or "{…}") runs over more than one line',
    sdk: 'line 4: a flow collection must close on the same line',
    also: UNKNOWN,
    near: { input: 'on one line', text: skillMd('x-tags: [pdf, forms]'), ids: UNKNOWN },
  },
  {
    input: 'a flow mapping over two lines',
    text: skillMd('metadata: {author: a,\n  team: b}'),
    line: 4,
    why: 'a flow collection',
    sdk: 'line 4: a flow collection must close on the same line',
    near: { input: 'on one line', text: skillMd('metadata: {author: a, team: b}'), ids: [] },
  },
  {
    input: 'a block scalar indentation indicator (|2)',
    text: skillMd('description: |2\n    Fill PDF forms.'),
    line: 3,
    why: 'an indentation indicator ("|2")',
    sdk: 'line 3: block scalar indentation indicators are not supported',
    near: { input: 'the block scalar without it', text: skillMd('description: |\n    Fill PDF forms.'), ids: [] },
  },
  {
    input: 'a block scalar indentation indicator after a chomping sign (>-1)',
    text: skillMd('description: >-1\n  Fill PDF forms.'),
    line: 3,
    why: 'an indentation indicator (">-1")',
    sdk: 'line 3: block scalar indentation indicators are not supported',
    near: { input: 'the chomping sign alone', text: skillMd('description: >-\n  Fill PDF forms.'), ids: [] },
  },
  {
    input: 'a "?" complex key',
    text: skillMd('? license\n: MIT'),
    line: 4,
    why: 'a complex key ("?")',
    sdk: 'line 4: complex keys ("?") are not supported',
    near: { input: 'the key written plainly, and a "?" inside a value', text: skillMd('license: MIT? Yes'), ids: [] },
  },
  {
    input: 'a "?" complex key in a flow mapping',
    text: skillMd('metadata: {? author: a}'),
    line: 4,
    why: 'a complex key ("?")',
    sdk: 'line 4: "?" cannot start a plain value in a flow collection; quote it',
    near: { input: 'the key written plainly', text: skillMd('metadata: {author: a}'), ids: [] },
  },
  {
    input: 'a number as a key',
    text: skillMd('1: one'),
    line: 4,
    why: 'the key "1" is not a string (YAML reads it as the number 1)',
    sdk: 'line 4: key "1" must be a string; quote it',
    also: UNKNOWN,
    near: { input: 'the key quoted', text: skillMd('"1": one'), ids: UNKNOWN },
  },
  {
    input: 'a boolean as a key, nested',
    text: skillMd('metadata:\n  true: yes'),
    line: 5,
    why: 'the key "true" is not a string (YAML reads it as the boolean true)',
    sdk: 'line 5: key "true" must be a string; quote it',
    near: { input: 'the key quoted', text: skillMd("metadata:\n  'true': yes"), ids: [] },
  },
  {
    input: 'null (~) as a key',
    text: skillMd('~: x'),
    line: 4,
    why: 'the key "~" is not a string (YAML reads it as null)',
    sdk: 'line 4: key "~" must be a string; quote it',
    also: UNKNOWN,
    near: { input: 'the key quoted', text: skillMd('"~": x'), ids: UNKNOWN },
  },
  {
    input: 'a "__proto__" key',
    text: skillMd('__proto__: x'),
    line: 4,
    why: 'a "__proto__" key',
    sdk: 'line 4: the key "__proto__" is not supported',
    also: UNKNOWN,
    near: { input: 'a "constructor" key', text: skillMd('constructor: x'), ids: UNKNOWN },
  },
  {
    input: 'a quoted "__proto__" key under metadata',
    text: skillMd('metadata:\n  "__proto__": x'),
    line: 5,
    why: 'a "__proto__" key',
    sdk: 'line 5: the key "__proto__" is not supported',
    near: { input: 'a "proto" key', text: skillMd('metadata:\n  proto: x'), ids: [] },
  },
  {
    input: 'a mapping entry with no key',
    text: skillMd(': x'),
    line: 4,
    why: 'has no key',
    sdk: 'line 4: expected "key: value"',
    also: UNKNOWN,
    near: { input: 'an empty quoted key', text: skillMd('"": x'), ids: UNKNOWN },
  },
  {
    input: 'a "key: value" pair inside a flow sequence',
    text: skillMd('x-tags: [pdf: forms]'),
    line: 4,
    why: 'a flow sequence holds a "key: value" pair',
    sdk: 'line 4: mappings inside flow collections are not supported; quote the value',
    also: UNKNOWN,
    near: { input: 'the pair as a flow mapping in the sequence', text: skillMd('x-tags: [{pdf: forms}]'), ids: UNKNOWN },
  },
  {
    input: 'a flow mapping entry with no ": value" ({a})',
    text: skillMd('x-map: {author}'),
    line: 4,
    why: 'a flow mapping entry has no ": value"',
    sdk: 'line 4: expected "key: value" in a flow mapping',
    also: UNKNOWN,
    near: { input: 'the value written out', text: skillMd('x-map: {author: a}'), ids: UNKNOWN },
  },
  {
    input: 'a flow mapping entry with an empty value ({a: })',
    text: skillMd('x-map: {author: }'),
    line: 4,
    why: 'a flow mapping entry has no ": value"',
    sdk: 'line 4: empty value in a flow collection',
    also: UNKNOWN,
    near: { input: 'null written out (~)', text: skillMd('x-map: {author: ~}'), ids: UNKNOWN },
  },
  {
    input: 'a plain value continued on a line indented with a tab',
    text: skillMd('description: Fill PDF\n \tforms.'),
    line: 4,
    why: 'a line is indented with a tab',
    sdk: 'line 4: tabs cannot be used for indentation',
    near: { input: 'indented with spaces', text: skillMd('description: Fill PDF\n  forms.'), ids: [] },
  },
  {
    input: 'a field nested 33 levels below the frontmatter (past the SDK\'s 32)',
    text: skillMd(`x-config: ${deepFlow(33)}`),
    line: 4,
    why: 'more than 32 levels deep',
    sdk: 'line 4: nesting deeper than 32 levels is not supported',
    also: UNKNOWN,
    near: { input: 'nested 32 levels', text: skillMd(`x-config: ${deepFlow(32)}`), ids: UNKNOWN },
  },
];

const sdkCase = (form: SdkRefusedForm): FindingCase => ({
  id: 'sep-2640-skillmd-frontmatter',
  input: `${form.input} (valid YAML the SDK refuses)`,
  trigger: md(form.text),
  ids: ['sep-2640-skillmd-frontmatter', ...(form.also ?? [])],
  expect: { severity: 'error', location: { ...loc, line: form.line }, message: ['Hosts built on the MCP SDK refuse this SKILL.md', form.why] },
  near: { input: form.near.input, run: md(form.near.text), ids: form.near.ids },
});

export const FRONTMATTER_LIMIT_CASES: readonly FindingCase[] = [
  ...SDK_REFUSED_FORMS.map(sdkCase),
  {
    id: 'inspector-too-deep',
    input: 'a field nested 100 levels deep (flow YAML the reader can follow)',
    trigger: md(skillMd(`x-config: ${deepFlow(100)}`)),
    ids: ['inspector-too-deep'],
    expect: { severity: 'error', location: { ...loc, field: 'x-config', line: 4 }, message: ['more than 64 levels deep', 'at x-config.a.'], expected: 'at most 64 levels' },
    // Within the inspector's limit, past the SDK's.
    near: { input: 'nested 63 levels (64 with the frontmatter itself: the limit)', run: md(skillMd(`x-config: ${deepFlow(63)}`)), ids: ['sep-2640-skillmd-frontmatter', 'agentskills-unknown-field'] },
  },
  {
    id: 'inspector-too-deep',
    input: 'a field nested 5,000 levels deep (past what the YAML reader follows)',
    trigger: md(skillMd(`x-config: ${deepFlow(5000)}`)),
    ids: ['inspector-too-deep'],
    expect: { severity: 'error', location: { ...loc, line: 2 }, message: ['too deeply for the YAML reader to follow', 'at most 64 levels'] },
    near: { input: 'the same depth as a long flat list', run: md(skillMd(`x-config: [${'1, '.repeat(5000)}1]`)), ids: ['agentskills-unknown-field'] },
  },
  {
    id: 'inspector-frontmatter-too-large',
    input: 'frontmatter of 8,000 one-line fields past the 64 KiB the inspector reads (a hostile server fills a SKILL.md with a million)',
    trigger: md(skillMd(Array.from({ length: 8000 }, (_, i) => `x-f${i}: 1`).join('\n'))),
    ids: ['inspector-frontmatter-too-large'],
    expect: { severity: 'error', location: { ...loc, line: 2 }, message: ['characters long', 'reads at most 65,536 (64 KiB)'], expected: 'at most 65536 characters' },
    near: { input: 'one long description field within 64 KiB', run: md(skillMd(`description: ${'Fill PDF forms. '.repeat(3000)}`)), ids: ['agentskills-description-length'] },
  },
];
