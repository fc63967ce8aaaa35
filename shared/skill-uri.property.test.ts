// Properties of skill-URI parsing, containment and resolution, over generated
// URIs and references — including every way of writing "..": plain, percent-
// encoded in any letter case, with encoded slashes and backslashes inside one
// segment. The oracle is a plain reading of RFC 3986 §5.2.4 written here, not
// the code under test.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUri, containment, controlCharactersIn, parseSkillUri, resolveReference } from './skill-uri.js';

const RUNS = { numRuns: 500 };

/** Characters a segment may hold (unreserved, some sub-delims, non-ASCII), never a separator. */
const segmentChar = fc.constantFrom(...[...'abcxyzABZ019-._~!$&()*+,;=@ é中😀']);
const plainSegment = fc
  .array(segmentChar, { minLength: 1, maxLength: 8 })
  .map((chars) => chars.join(''))
  .filter((s) => s !== '.' && s !== '..' && s.trim() === s && s !== '');

/** Writes `text` with any of its characters percent-encoded, in either hex case. */
function encodedVariant(text: string): fc.Arbitrary<string> {
  return fc.array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: text.length, maxLength: text.length }).map((flags) =>
    [...text]
      .map((ch, i) => {
        const [encode, upper] = flags[i] ?? [false, false];
        if (!encode) return ch;
        const hex = [...new TextEncoder().encode(ch)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
        return upper ? hex.toUpperCase() : hex;
      })
      .join(''),
  );
}

/** A path segment as a hostile server might write one: plain, a dot segment, or either encoded, or with an encoded separator inside. */
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: plainSegment.chain(encodedVariant) },
  { weight: 2, arbitrary: fc.constantFrom('.', '..').chain(encodedVariant) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('..', 'x'), fc.constantFrom('/', '\\'), fc.constantFrom('..', 'y')).chain(([a, sep, b]) => encodedVariant(`${a}${sep}${b}`).map((s) => s.replace(sep, sep === '/' ? '%2F' : '%5C'))) },
);

const skillUriArb = fc
  .record({
    scheme: fc.constantFrom('skill', 'github', 'SKILL'),
    authority: fc.constantFrom('acme', 'pdf-tools', 'a.b', 'x~y'),
    prefix: fc.array(plainSegment.filter((s) => s !== 'SKILL.md' && !/[%?#]/.test(s)), { maxLength: 3 }),
    name: fc.constantFrom('refunds', 'pdf', 'hello-world'),
  })
  .map(({ scheme, authority, prefix, name }) => ({
    uri: `${scheme}://${[authority, ...prefix.map(encodeURIComponent), name].join('/')}/SKILL.md`,
    rootSegments: [authority, ...prefix, name],
  }));

/** RFC 3986 remove_dot_segments on decoded segments; `escaped` when ".." climbed above the start. */
function oracleResolve(segments: readonly string[]): { path: string[]; escaped: boolean; hadDots: boolean } {
  const out: string[] = [];
  let escaped = false;
  let hadDots = false;
  for (const raw of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      decoded = raw;
    }
    const parts = decoded.split(/[\\/]/);
    if (parts.length > 1) hadDots = true;
    for (const part of parts) {
      if (part === '.' || part === '') {
        if (part === '.') hadDots = true;
        continue;
      }
      if (part === '..') {
        hadDots = true;
        if (out.length === 0) escaped = true;
        else out.pop();
        continue;
      }
      out.push(part);
    }
  }
  return { path: out, escaped, hadDots };
}

describe('skill URIs (property-based)', () => {
  it('a skill URI parses into its root, name and prefix, and back', () => {
    fc.assert(
      fc.property(skillUriArb, ({ uri, rootSegments }) => {
        const parsed = parseSkillUri(uri);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(`${parsed.parts.root}/SKILL.md`).toBe(uri);
        expect(parsed.parts.skillPath).toEqual(rootSegments);
        expect(parsed.parts.finalSegment).toBe(rootSegments[rootSegments.length - 1]);
        // The authority is the first skill-path segment, so it is part of the prefix.
        expect(parsed.parts.prefix).toBe(rootSegments.slice(0, -1).join('/'));
      }),
      RUNS,
    );
  });

  it('canonicalUri is idempotent, for any string at all', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), skillUriArb.map((s) => s.uri), fc.webUrl()), (uri) => {
        const once = canonicalUri(uri);
        expect(canonicalUri(once)).toBe(once);
      }),
      RUNS,
    );
  });

  it('canonicalUri does not change when any character of the path is percent-encoded', () => {
    fc.assert(
      fc.property(
        skillUriArb,
        fc.array(plainSegment, { minLength: 1, maxLength: 4 }).chain((segments) => fc.tuple(fc.constant(segments), encodedVariant(segments.join('/')))),
        ({ uri }, [segments, encoded]) => {
          const root = uri.slice(0, -'/SKILL.md'.length);
          const plain = `${root}/${segments.map(encodeURIComponent).join('/')}`;
          expect(canonicalUri(`${root}/${encoded}`)).toBe(canonicalUri(plain));
        },
      ),
      RUNS,
    );
  });

  it('containment never says "inside" for a path that leaves the skill root, however it is encoded', () => {
    fc.assert(
      fc.property(skillUriArb, fc.array(hostileSegment, { minLength: 1, maxLength: 7 }), ({ uri, rootSegments }, segments) => {
        const root = uri.slice(0, -'/SKILL.md'.length);
        const fileUri = `${root}/${segments.join('/')}`;
        const verdict = containment(fileUri, uri);
        const oracle = oracleResolve([...root.slice(root.indexOf('://') + 3).split('/'), ...segments]);
        const under = !oracle.escaped && oracle.path.length > rootSegments.length && rootSegments.every((s, i) => oracle.path[i] === s);
        if (!under) expect(verdict.inside).toBe(false);
        // Any dot segment or smuggled separator at all is refused, even one that stays inside.
        if (oracle.hadDots) expect(verdict.inside).toBe(false);
        if (verdict.inside) {
          expect(under).toBe(true);
          expect(verdict.relativePath.split('/')).toEqual(oracle.path.slice(rootSegments.length));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('containment refuses another scheme and file: whatever the path says', () => {
    fc.assert(
      fc.property(skillUriArb, fc.constantFrom('file:///', 'file:/', 'https://evil.example/', 'skillz://'), fc.array(plainSegment, { minLength: 1, maxLength: 4 }), ({ uri, rootSegments }, prefix, tail) => {
        const verdict = containment(`${prefix}${[...rootSegments, ...tail].map(encodeURIComponent).join('/')}`, uri);
        expect(verdict.inside).toBe(false);
      }),
      RUNS,
    );
  });

  it('a relative reference never resolves outside the skill root', () => {
    const reference = fc.tuple(fc.array(hostileSegment, { minLength: 1, maxLength: 6 }), fc.constantFrom('', '/', './'), fc.constantFrom('', '#part', '?q=1')).map(([segments, lead, tail]) => `${lead}${segments.join('/')}${tail}`);
    fc.assert(
      fc.property(skillUriArb, reference, ({ uri, rootSegments }, ref) => {
        const resolution = resolveReference(ref, uri);
        if (resolution.kind !== 'skill-file') return;
        const root = uri.slice(0, -'/SKILL.md'.length);
        expect(resolution.uri.startsWith(`${root}/`)).toBe(true);
        const where = containment(resolution.uri, uri);
        expect(where).toEqual({ inside: true, relativePath: resolution.relativePath });
        expect(resolution.relativePath.split('/')).not.toContain('..');
        // The oracle agrees the reference stays under the root.
        const oracle = oracleResolve(ref.replace(/[?#].*$/, '').split('/'));
        expect(oracle.escaped).toBe(false);
        expect(rootSegments.length).toBeGreaterThan(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a clean relative path resolves to exactly that file, and back through containment', () => {
    fc.assert(
      fc.property(skillUriArb, fc.array(plainSegment, { minLength: 1, maxLength: 5 }), ({ uri }, segments) => {
        const resolution = resolveReference(segments.map(encodeURIComponent).join('/'), uri);
        expect(resolution).toMatchObject({ kind: 'skill-file', relativePath: segments.join('/') });
        if (resolution.kind === 'skill-file') expect(containment(resolution.uri, uri)).toEqual({ inside: true, relativePath: segments.join('/') });
      }),
      RUNS,
    );
  });
});

describe('control characters (issue 13, item 4)', () => {
  const BIDI = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
  const control = fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f }), fc.constantFrom(...BIDI));
  /** Any text that holds no control character: printable ASCII, Latin-1 above C1, other planes, less the bidi controls. */
  const clean = fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0x2fff }), fc.integer({ min: 0x1f600, max: 0x1f64f }))
      .filter((cp) => !BIDI.includes(cp))
      .map((cp) => String.fromCodePoint(cp)),
  });

  it('flags every URI with a raw control character anywhere, at its exact offset', () => {
    fc.assert(
      fc.property(clean, control, clean, (before, cp, after) => {
        const uri = `skill://${before}${String.fromCharCode(cp)}${after}/SKILL.md`;
        expect(controlCharactersIn(uri)).toContainEqual({ codePoint: cp, index: 'skill://'.length + before.length });
      }),
      RUNS,
    );
  });

  it('flags nothing in a URI without one (percent-encoded controls included)', () => {
    fc.assert(
      fc.property(clean, control, (text, cp) => {
        expect(controlCharactersIn(`skill://${text}/${encodeURIComponent(String.fromCharCode(cp))}/SKILL.md`)).toEqual([]);
      }),
      RUNS,
    );
  });
});
