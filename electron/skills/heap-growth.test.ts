// A process that makes an engine keeps its old generation within 2× of what
// survives a collection (heap-growth.ts says why, BENCHMARKS.md measures
// it). V8's flags belong to the whole process, so node:v8 is mocked here:
// the test records the call and leaves the test process's own heap alone.
import { describe, expect, it, vi } from 'vitest';

const flags: string[] = [];

vi.mock('node:v8', async (original) => ({
  ...(await original<typeof import('node:v8')>()),
  setFlagsFromString: (value: string) => flags.push(value),
}));

describe('heap growth', () => {
  it('is limited once, when the first engine is made', async () => {
    const { SkillsEngine } = await import('./engine.js');
    const { DEFAULT_SETTINGS } = await import('../../shared/model.js');
    const { HEAP_GROWTH_FLAG } = await import('./heap-growth.js');
    expect(flags).toEqual([]);
    const events = { listed: () => undefined, updated: () => undefined, job: () => undefined };
    new SkillsEngine(() => DEFAULT_SETTINGS, events);
    new SkillsEngine(() => DEFAULT_SETTINGS, events);
    expect(HEAP_GROWTH_FLAG).toBe('--heap-growing-percent=100');
    expect(flags).toEqual(['--heap-growing-percent=100']);
  });
});
