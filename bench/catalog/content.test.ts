// The synthetic catalog's verdict mix is what the bench's Review all and its UI
// step rely on (every verdict filter must change the list): the content rules
// themselves, in-process, must reach the verdict content.ts promises per skill,
// and a skill's files keep their sizes whatever their header says.
import { describe, expect, it } from 'vitest';
import { severityCounts } from '../../shared/verdict.js';
import { packReview, runReviewTask } from '../../electron/review/review-task.js';
import { SyntheticCatalog, fileParts, hasScript, isRisky, supportPath } from './content.js';

const catalog = new SyntheticCatalog({ skills: 40, filesPerSkill: 5 });

async function reviewed(i: number) {
  const entry = catalog.skill(i);
  const files = entry.resources.map((r, k) => ({ uri: r.uri, path: k === 0 ? 'SKILL.md' : supportPath(i, k), bytes: new Uint8Array(Buffer.concat(fileParts(i, k))) }));
  const result = await runReviewTask(packReview({ serverId: 'bench', skillUri: entry.uri, files, listedFileCount: files.length }, []).task);
  return { ids: [...new Set(result.findings.map((f) => `${f.id}:${f.severity}`))].sort(), counts: severityCounts(result.findings) };
}

describe('the synthetic catalog', () => {
  it('has Risky, Needs a look and Clean as checked skills where content.ts says', async () => {
    expect([isRisky(3), hasScript(3), isRisky(1), hasScript(1), isRisky(0), hasScript(0)]).toEqual([true, true, false, false, false, true]);
    // Risky: SKILL.md pipes a download into a shell.
    const risky = await reviewed(3);
    expect(risky.counts.errors).toBeGreaterThan(0);
    expect(risky.ids.some((id) => id.endsWith(':error'))).toBe(true);
    // Needs a look: a script, and nothing worse.
    expect(await reviewed(0)).toEqual({ ids: ['risk-script-file:warning'], counts: { errors: 0, warnings: 1 } });
    // Clean as checked: no script, nothing found.
    expect(await reviewed(1)).toEqual({ ids: [], counts: { errors: 0, warnings: 0 } });
  });

  it('lists each file with the size and digest of the bytes it serves', () => {
    for (let i = 0; i < 40; i++) {
      const entry = catalog.skill(i);
      entry.resources.forEach((r) => {
        const served = catalog.read(r.uri);
        expect(served, r.uri).toBeDefined();
        expect(Buffer.byteLength(served!.text, 'latin1')).toBe(r.size);
      });
      expect(entry.resources.some((r) => r.uri.endsWith('scripts/run.py'))).toBe(hasScript(i));
    }
  });
});
