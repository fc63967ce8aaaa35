// The finding catalogue as a table of cases: for every finding ID, a crafted
// input that produces it (with its exact severity, location and message) and a
// close variant that does not. Each module's unit test runs its own table;
// findings-coverage.unit.test.ts checks that together they cover every ID.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FINDINGS, type FindingId } from '../../shared/findings.js';
import type { Finding, FindingLocation, Severity, SkillFileRef } from '../../shared/model.js';

export const SERVER = 'srv';

type Run = () => Finding[] | Promise<Finding[]>;

export interface FindingCase {
  readonly id: FindingId;
  /** The crafted input, in words. */
  readonly input: string;
  readonly trigger: Run;
  /** Every distinct ID the trigger produces: co-occurring findings are part of the contract. */
  readonly ids: readonly FindingId[];
  /** The finding that must be among them. */
  readonly expect: {
    readonly severity: Severity;
    readonly location: FindingLocation;
    /** Substrings the message must contain (which digest, which field, which URI). */
    readonly message: readonly string[];
    readonly expected?: string;
    readonly actual?: string;
  };
  /** The close variant that must not produce `id`, and exactly which IDs it does produce. */
  readonly near: { readonly input: string; readonly run: Run; readonly ids: readonly FindingId[] };
}

const distinct = (findings: readonly Finding[]) => [...new Set(findings.map((f) => f.id))].sort();

/** Registers one test per case (trigger and near variant together). */
export function runFindingCases(cases: readonly FindingCase[]): void {
  describe('finding cases', () => {
    for (const c of cases) {
      it(`${c.id}: ${c.input} (not: ${c.near.input})`, async () => {
        const found = await c.trigger();
        expect(c.ids, 'the case lists its own ID').toContain(c.id);
        expect(distinct(found), 'IDs produced by the trigger').toEqual([...c.ids].sort());
        const hits = found.filter((f) => f.id === c.id);
        expect(hits.map((f) => f.location), `location of ${c.id}`).toContainEqual(c.expect.location);
        const hit = hits.find((f) => JSON.stringify(sortKeys(f.location)) === JSON.stringify(sortKeys(c.expect.location)))!;
        expect(hit.severity).toBe(c.expect.severity);
        expect(hit.title).toBe(FINDINGS[c.id].title);
        for (const part of c.expect.message) expect(hit.message).toContain(part);
        if (c.expect.expected !== undefined) expect(hit.expected).toBe(c.expect.expected);
        if (c.expect.actual !== undefined) expect(hit.actual).toBe(c.expect.actual);

        const near = await c.near.run();
        expect(c.near.ids, 'the near variant never lists the ID').not.toContain(c.id);
        expect(distinct(near), 'IDs produced by the near variant').toEqual([...c.near.ids].sort());
      });
    }
  });
}

function sortKeys(location: FindingLocation): Record<string, unknown> {
  return Object.fromEntries(Object.entries(location).sort(([a], [b]) => a.localeCompare(b)));
}

// ---- builders for crafted skills ----

export function sha256Of(content: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(content).digest('hex')}`;
}

export function sizeOf(content: string | Uint8Array): number {
  return typeof content === 'string' ? Buffer.byteLength(content, 'utf8') : content.byteLength;
}

export function fileRef(uri: string, content: string | Uint8Array): SkillFileRef {
  return { uri, digest: sha256Of(content), size: sizeOf(content) };
}

export const ROOT = 'skill://acme/pdf-tools';
export const SKILL_URI = `${ROOT}/SKILL.md`;
export const GUIDE_URI = `${ROOT}/references/guide.md`;
export const SKILL_MD = '---\nname: pdf-tools\ndescription: Fill PDF forms.\n---\n# PDF tools\n\nSee [the guide](references/guide.md).\n';
export const GUIDE_MD = '# Guide\n\nOpen the form first.\n';

/** A well-formed skill: its files by URI and its entry exactly as a conformant server lists it. */
export function cleanSkill(root = ROOT, name = 'pdf-tools'): { uri: string; files: Record<string, string>; entry: Record<string, unknown> } {
  const uri = `${root}/SKILL.md`;
  const md = SKILL_MD.replace('name: pdf-tools', `name: ${name}`);
  const files = { [uri]: md, [`${root}/references/guide.md`]: GUIDE_MD };
  return {
    uri,
    files,
    entry: {
      uri,
      frontmatter: { name, description: 'Fill PDF forms.' },
      resources: Object.entries(files).map(([u, text]) => fileRef(u, text)),
    },
  };
}

/** The clean entry with some fields replaced (`undefined` removes a field). */
export function entryWith(changes: Record<string, unknown>, base: Record<string, unknown> = cleanSkill().entry): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** A skills/list or skills/get page with 2026-07-28 cache hints. */
export function cached<T extends Record<string, unknown>>(result: T): T & { ttlMs: number; cacheScope: 'public' } {
  return { ttlMs: 60_000, cacheScope: 'public', ...result };
}
