// The measured cause of a stalled main thread: only busy stretches of at
// least the threshold (no idle sample inside) inside the window count; their
// self time is split by function, by where the code comes from, and by the
// nearest of the app's own functions on the stack (through the source map).
import { describe, expect, it } from 'vitest';
import { sourceOf, stallCauses, type CpuProfile } from './cpu-profile.js';

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 0 });

// root → connect (the app's bundle) → spawn (Node); root → parse (a package); root → (idle)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 4, 5, 6] },
    { id: 2, callFrame: frame('connect', 'file:///repo/out/bench/connect-run.mjs', 9), children: [3] },
    { id: 3, callFrame: frame('spawn', 'node:internal/child_process', 353) },
    { id: 4, callFrame: frame('parse', 'file:///repo/node_modules/zod/v4/core/schemas.js', 1198) },
    { id: 5, callFrame: frame('(idle)', '') },
    { id: 6, callFrame: frame('(garbage collector)', '') },
  ],
  startTime: 1_000_000,
  endTime: 1_200_000,
  // Busy 60 ms (spawn 40, parse 10, GC 10), idle, busy 20 ms (too short), idle, busy 50 ms after the window.
  samples: [3, 3, 3, 3, 4, 6, 5, 2, 2, 5, 3, 3, 3, 3, 3, 5],
  timeDeltas: [0, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 100_000, 10_000, 10_000, 10_000, 10_000, 10_000],
};

const locate = (url: string, line: number) => (url.endsWith('connect-run.mjs') ? { url: 'bench/connect-run.ts', line: line + 100 } : undefined);

describe('the stalls in a CPU profile', () => {
  it('counts only busy stretches of at least the threshold in the window, and splits their time', () => {
    const causes = stallCauses(profile, 50, { fromUs: 1_000_000, toUs: 1_100_000 }, locate);
    expect(causes).toEqual({
      stalls: 1,
      longestMs: 60,
      stalledMs: 60,
      functions: [
        { name: 'spawn', where: 'child_process:354', ms: 40, share: 0.667 },
        { name: 'parse', where: 'schemas.js:1199', ms: 10, share: 0.167 },
        { name: '(garbage collector)', where: '', ms: 10, share: 0.167 },
      ],
      sources: [
        { source: 'node:internal/child_process', ms: 40, share: 0.667 },
        { source: 'zod', ms: 10, share: 0.167 },
        { source: '(garbage collector)', ms: 10, share: 0.167 },
      ],
      appCallers: [{ name: 'connect', where: 'bench/connect-run.ts:110', ms: 40, share: 0.667 }],
    });
  });

  it('cuts a stretch that runs into the window at its edge', () => {
    const causes = stallCauses(profile, 40, { fromUs: 1_010_000, toUs: 1_100_000 });
    expect(causes).toMatchObject({ stalls: 1, longestMs: 50, stalledMs: 50, functions: [{ name: 'spawn', ms: 30 }, { name: 'parse', ms: 10 }, { name: '(garbage collector)', ms: 10 }] });
  });

  it('without a window, takes every stretch of the threshold, and without a source map names no app caller', () => {
    const causes = stallCauses(profile, 50);
    expect(causes).toMatchObject({ stalls: 2, longestMs: 60, stalledMs: 110, appCallers: [] });
  });

  it('names where code comes from: a package, a Node module, a mapped source file or a bundle', () => {
    expect(sourceOf('file:///repo/node_modules/@modelcontextprotocol/core/dist/index.js', 'f')).toBe('@modelcontextprotocol/core');
    expect(sourceOf('node:internal/streams/writable', 'f')).toBe('node:internal/streams/writable');
    expect(sourceOf('child_process', 'f')).toBe('node:child_process');
    expect(sourceOf('electron/skills/engine.ts', 'f')).toBe('electron/skills/engine.ts');
    expect(sourceOf('file:///repo/out/bench/chunks/engine-abc.mjs', 'f')).toBe('engine-abc.mjs');
    expect(sourceOf('', '(program)')).toBe('(program)');
    expect(sourceOf('', 'writeUtf8String')).toBe('(native)');
  });
});
