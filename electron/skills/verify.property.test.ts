// Properties of the digest/size verifier (SPEC §2.5): the bytes a listing
// describes verify; flipping, inserting or deleting any byte anywhere does
// not; and "verified" is only ever said when both the size and the SHA-256 of
// the exact bytes match the listing. The oracle hashes with node:crypto here.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkEntry } from './entry-rules.js';
import { verifyFile, type VerifiableEntry } from './verify.js';

const SKILL = 'skill://prop/SKILL.md';
const FILE = 'skill://prop/references/data.bin';
const sha = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const context = { serverId: 'property', now: '2026-01-01T00:00:00.000Z' };

function entryFor(fileBytes: Uint8Array, skillMd: Uint8Array, frontmatter: Record<string, unknown> = { name: 'prop', description: 'd' }): VerifiableEntry {
  return {
    uri: SKILL,
    frontmatter,
    resources: [
      { uri: SKILL, digest: sha(skillMd), size: skillMd.byteLength },
      { uri: FILE, digest: sha(fileBytes), size: fileBytes.byteLength },
    ],
    loadable: true,
  };
}

type Mutation = { kind: 'flip'; at: number; mask: number } | { kind: 'insert'; at: number; byte: number } | { kind: 'delete'; at: number };

function mutate(bytes: Uint8Array, m: Mutation): Uint8Array {
  const copy = Array.from(bytes);
  const at = copy.length === 0 ? 0 : m.at % (m.kind === 'insert' ? copy.length + 1 : copy.length);
  if (m.kind === 'flip') copy[at] = (copy[at] ?? 0) ^ m.mask;
  else if (m.kind === 'insert') copy.splice(at, 0, m.byte);
  else copy.splice(at, 1);
  return Uint8Array.from(copy);
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), mask: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
);

const bytes = fc.uint8Array({ maxLength: 4096 });
const SKILL_MD = new TextEncoder().encode('---\nname: prop\ndescription: d\n---\nBody.\n');

describe('the verifier (property-based)', () => {
  it('the listed bytes verify', () => {
    fc.assert(
      fc.property(bytes, (data) => {
        expect(verifyFile(entryFor(data, SKILL_MD), FILE, data, context).check).toEqual({ state: 'verified', digest: sha(data), size: data.byteLength, checkedAt: context.now });
      }),
      { numRuns: 300 },
    );
  });

  it('any one byte flipped, inserted or deleted is caught: by size, or else by digest', () => {
    fc.assert(
      fc.property(bytes, mutation, (data, m) => {
        fc.pre(m.kind === 'insert' || data.byteLength > 0);
        const served = mutate(data, m);
        const { check } = verifyFile(entryFor(data, SKILL_MD), FILE, served, context);
        expect(check.state).toBe('failed');
        if (check.state === 'failed') expect(check.reason).toBe(m.kind === 'flip' ? 'digest' : 'size');
      }),
      { numRuns: 1_000 },
    );
  });

  it('"verified" only ever means the exact size and SHA-256 the listing gave', () => {
    const listed = fc.record({ digest: fc.oneof(bytes.map(sha), fc.string()), size: fc.oneof(fc.nat({ max: 5000 }), fc.integer()) });
    fc.assert(
      fc.property(bytes, listed, (served, ref) => {
        const entry: VerifiableEntry = { uri: SKILL, frontmatter: {}, resources: [{ uri: FILE, ...ref }], loadable: true };
        const { check, digest } = verifyFile(entry, FILE, served, context);
        expect(digest).toBe(sha(served));
        if (check.state === 'verified') {
          expect(ref.digest).toBe(sha(served));
          expect(ref.size).toBe(served.byteLength);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('a declared size that is not a byte count never verifies, even with the honest digest; an invalid entry never verifies', () => {
    const badSize = fc.oneof(fc.integer({ max: -1 }), fc.double({ noNaN: true }).filter((n) => !Number.isInteger(n)), fc.constant(undefined), fc.string(), fc.constant(null));
    fc.assert(
      fc.property(bytes, badSize, fc.boolean(), (served, size, legacy) => {
        const skillMd = { uri: SKILL, digest: sha(SKILL_MD), size: SKILL_MD.byteLength };
        const raw = { uri: SKILL, frontmatter: { name: 'prop', description: 'd' }, resources: [skillMd, { uri: FILE, digest: sha(served), ...(size === undefined ? {} : { size }) }] };
        const checked = checkEntry(raw, 'property', 'entry').entry!;
        const { check } = verifyFile({ ...checked, ...(legacy ? { legacyForm: 'index.json L4 (uri + resources)' } : {}) }, FILE, served, context);
        expect(check.state).toBe(legacy ? 'unverifiable' : 'failed');
        expect(verifyFile({ ...entryFor(served, SKILL_MD), loadable: false }, FILE, served, context).check.state).toBe('unverifiable');
      }),
      { numRuns: 500 },
    );
  });

  it('SKILL.md: any byte change is caught, and so is an honest file whose frontmatter differs from the listing', () => {
    const frontmatter = fc.record({ name: fc.constant('prop'), description: fc.string({ minLength: 1, maxLength: 80 }), extra: fc.string({ maxLength: 20 }) });
    fc.assert(
      fc.property(frontmatter, fc.string({ maxLength: 300 }), mutation, fc.string({ minLength: 1, maxLength: 20 }), (fm, text, m, other) => {
        const md = new TextEncoder().encode(`---\n${stringify(fm)}---\n${text}`);
        const honest = entryFor(new Uint8Array(), md, fm);
        expect(verifyFile(honest, SKILL, md, context).check.state).toBe('verified');
        expect(verifyFile(honest, SKILL, mutate(md, m), context).check.state).toBe('failed');
        // Same bytes, same digest, but the listing says something else about them.
        const lying = entryFor(new Uint8Array(), md, { ...fm, description: `${fm.description}${other}` });
        expect(verifyFile(lying, SKILL, md, context).check).toMatchObject({ state: 'failed', reason: 'frontmatter' });
      }),
      { numRuns: 300 },
    );
  });
});
