// A skill's history is kept by its canonical URI: a listing that spells the
// URI another way (SKILL://, %2D, a dot segment) goes on with the same
// history instead of starting a new one. History files written by earlier
// versions, keyed by the URI exactly as listed, load with nothing lost: the
// versions of every spelling of one skill are one history.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntryVersion } from '../../shared/approvals-model.js';
import type { StoreProblem } from '../storage/json-store.js';
import { HistoryStore } from './history-store.js';

const SERVER = 'srv';
const URI = 'skill://acme/pdf-tools/SKILL.md';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function historyIn(): { root: string; history: HistoryStore; problems: StoreProblem[] } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'si-history-'));
  dirs.push(root);
  const problems: StoreProblem[] = [];
  return { root, history: new HistoryStore(root, (problem) => problems.push(problem)), problems };
}

const entry = (uri: string, digest: string) => ({ resources: [{ uri, digest, size: 1 }], frontmatter: { name: 'pdf-tools' } });

function version(fingerprint: string, firstSeen: string, lastSeen: string, timesSeen: number): EntryVersion {
  return { fingerprint, resources: null, frontmatter: {}, firstSeen, lastSeen, timesSeen, firstSeenVia: 'listing' };
}

describe('a skill history under another spelling of its URI', () => {
  for (const spelled of ['SKILL://acme/pdf-tools/SKILL.md', 'skill://acme/pdf%2Dtools/SKILL.md', 'skill://acme/pdf-tools/references/../SKILL.md']) {
    it(`${spelled}: the same history goes on`, async () => {
      const { history } = historyIn();
      expect(await history.observe(SERVER, [{ skillUri: URI, entry: entry(URI, 'sha256:a'), fingerprint: 'fp-a' }], 'listing')).toEqual([URI]);
      // The same version seen again under the new spelling is not new; another version is added to the same history.
      expect(await history.observe(SERVER, [{ skillUri: spelled, entry: entry(URI, 'sha256:a'), fingerprint: 'fp-a' }], 'listing')).toEqual([]);
      expect(await history.observe(SERVER, [{ skillUri: spelled, entry: entry(spelled, 'sha256:a'), fingerprint: 'fp-respelled' }], 'listing')).toEqual([spelled]);
      const versions = await history.versions(SERVER, spelled);
      expect(versions.map((v) => [v.fingerprint, v.timesSeen])).toEqual([
        ['fp-a', 2],
        ['fp-respelled', 1],
      ]);
      expect(await history.versions(SERVER, URI)).toEqual(versions);
      expect(await history.version(SERVER, spelled, 'fp-a')).toEqual(versions[0]);
    });
  }
});

describe('a history file written keyed by the URI as listed', () => {
  it('loads every spelling of one skill as one history, merged by version, and is saved so', async () => {
    const { root, history, problems } = historyIn();
    const file = history.fileOf(SERVER);
    const other = 'skill://acme/other/SKILL.md';
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        skills: {
          [URI]: [version('fp-a', '2026-01-01T00:00:00.000Z', '2026-01-03T00:00:00.000Z', 3), version('fp-c', '2026-01-05T00:00:00.000Z', '2026-01-05T00:00:00.000Z', 1)],
          'SKILL://acme/pdf%2Dtools/SKILL.md': [version('fp-b', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z', 1), version('fp-a', '2025-12-31T00:00:00.000Z', '2026-01-04T00:00:00.000Z', 2)],
          [other]: [version('fp-o', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 1)],
        },
      }),
    );
    const merged = [
      ['fp-a', '2025-12-31T00:00:00.000Z', '2026-01-04T00:00:00.000Z', 5],
      ['fp-b', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z', 1],
      ['fp-c', '2026-01-05T00:00:00.000Z', '2026-01-05T00:00:00.000Z', 1],
    ];
    const shown = (versions: EntryVersion[]) => versions.map((v) => [v.fingerprint, v.firstSeen, v.lastSeen, v.timesSeen]);
    expect(shown(await history.versions(SERVER, URI))).toEqual(merged);
    expect(shown(await history.versions(SERVER, 'SKILL://acme/pdf%2Dtools/SKILL.md'))).toEqual(merged);
    expect(shown(await history.versions(SERVER, other))).toEqual([['fp-o', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 1]]);
    expect(problems).toEqual([]);

    // The next save writes one history per skill, by its canonical URI; a restart reads the same.
    await history.observe(SERVER, [{ skillUri: URI, entry: entry(URI, 'sha256:d'), fingerprint: 'fp-d' }], 'listing');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { skills: Record<string, EntryVersion[]> };
    expect(Object.keys(saved.skills).sort()).toEqual([other, URI]);
    const again = new HistoryStore(root, () => undefined);
    expect(shown(await again.versions(SERVER, 'SKILL://acme/pdf-tools/SKILL.md')).map((v) => v[0])).toEqual(['fp-a', 'fp-b', 'fp-c', 'fp-d']);
  });
});
