// Every catalogued finding (except the content-risk rules, tested with the
// review rules) has at least one crafted input that produces it and a close
// variant that does not. The cases themselves run in each module's unit test;
// this test checks, mechanically, that together they leave no ID out.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FINDINGS, type FindingId } from '../../shared/findings.js';
import { CACHE_HINT_CASES, CAPABILITY_CASES, LEGACY_CASES, LISTING_CASES, SKILLS_GET_CASES } from './finding-cases-discovery.unit.js';
import { ENGINE_CASES } from './finding-cases-engine.unit.js';
import { ENTRY_CASES } from './finding-cases-entry.unit.js';
import { FORMAT_CASES, VERIFY_CASES } from './finding-cases-format.unit.js';
import { DIRECTORY_CASES, READER_CASES } from './finding-cases-reading.unit.js';
import { SOURCE_CASES } from './finding-cases-source.unit.js';
import type { FindingCase } from './finding-cases.unit.js';
import { LOCAL_CASES } from '../review/local/finding-cases-local.unit.js';

/** Each table, by its exported name, and the unit test file that runs it. */
const TABLES: ReadonlyArray<readonly [file: string, name: string, cases: readonly FindingCase[]]> = [
  ['capability.unit.test.ts', 'CAPABILITY_CASES', CAPABILITY_CASES],
  ['cache-hint.unit.test.ts', 'CACHE_HINT_CASES', CACHE_HINT_CASES],
  ['listing.unit.test.ts', 'LISTING_CASES', LISTING_CASES],
  ['skills-get.unit.test.ts', 'SKILLS_GET_CASES', SKILLS_GET_CASES],
  ['legacy.unit.test.ts', 'LEGACY_CASES', LEGACY_CASES],
  ['entry-rules.unit.test.ts', 'ENTRY_CASES', ENTRY_CASES],
  ['format-rules.unit.test.ts', 'FORMAT_CASES', FORMAT_CASES],
  ['verify.unit.test.ts', 'VERIFY_CASES', VERIFY_CASES],
  ['reader.unit.test.ts', 'READER_CASES', READER_CASES],
  ['directory.unit.test.ts', 'DIRECTORY_CASES', DIRECTORY_CASES],
  ['engine.unit.test.ts', 'ENGINE_CASES', ENGINE_CASES],
  ['served-vs-source.unit.test.ts', 'SOURCE_CASES', SOURCE_CASES],
  ['../review/local/local-skill.unit.test.ts', 'LOCAL_CASES', LOCAL_CASES],
];

const catalogued = (Object.keys(FINDINGS) as FindingId[]).filter((id) => !id.startsWith('risk-')).sort();
const allCases = TABLES.flatMap(([, , cases]) => cases);

describe('finding coverage', () => {
  it('has a trigger case and a near variant for every non-risk finding ID', () => {
    const covered = new Set(allCases.map((c) => c.id));
    expect(catalogued.filter((id) => !covered.has(id)), 'IDs without a case').toEqual([]);
  });

  it('gives every case a trigger that lists its ID and a near variant that does not', () => {
    for (const c of allCases) {
      expect(c.ids, `${c.id}: ${c.input}`).toContain(c.id);
      expect(c.near.ids, `${c.id}: ${c.near.input}`).not.toContain(c.id);
      // A merge key is an error when it brings allowed-tools or disagrees with a plain field (format-rules.ts), a warning otherwise.
      const raised = c.id === 'inspector-frontmatter-merge-key' && c.expect.severity === 'error';
      expect(c.expect.severity === FINDINGS[c.id].severity || raised || c.id === 'inspector-instructions-pointer', `${c.id} severity`).toBe(true);
    }
  });

  it('names each case uniquely, so a failing test points at one input', () => {
    const names = allCases.map((c) => `${c.id}: ${c.input}`);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('runs every table in the unit test named for it', () => {
    for (const [file, name] of TABLES) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source, `${file} runs ${name}`).toContain(`runFindingCases(${name});`);
    }
  });
});
