// What a main thread was doing while it stalled: from a V8 CPU profile
// (`node --cpu-prof`), the stretches of samples with no idle sample between
// them that last at least the threshold (each one a delayed event loop), and
// the functions that took the self time inside them, so the bench names the
// measured cause of a missed loop-delay target rather than guessing.
import path from 'node:path';

interface ProfileNode {
  readonly id: number;
  readonly children?: readonly number[];
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber: number };
}

export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface StallCauses {
  /** Busy stretches of at least the threshold inside the window, and the longest. */
  readonly stalls: number;
  readonly longestMs: number;
  /** The time inside those stretches, and where it went (self time), largest first. */
  readonly stalledMs: number;
  readonly functions: ReadonlyArray<{ readonly name: string; readonly where: string; readonly ms: number; readonly share: number }>;
  /** The same time by where the code comes from: a package, or the app's own bundle. */
  readonly sources: ReadonlyArray<{ readonly source: string; readonly ms: number; readonly share: number }>;
  /**
   * The same time by the nearest of the app's own functions on the stack (the sample's
   * own, or the closest caller a source map names): which app code led to it, wherever
   * the time itself went (a package, Node, V8). Empty without a source map.
   */
  readonly appCallers: ReadonlyArray<{ readonly name: string; readonly where: string; readonly ms: number; readonly share: number }>;
}

/** A bundled location mapped back to its source file (relative to the repository) and 0-based line; undefined to keep it. */
export type Locate = (url: string, line: number, column: number) => { readonly url: string; readonly line: number } | undefined;

/** Where a function's code comes from: its npm package, else its source file; V8's own entries as they are. */
export function sourceOf(url: string, name: string): string {
  if (url === '') return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:') || !/[/\\]/.test(url)) return `node:${url.replace(/^node:/, '')}`;
  // A path the source map gave (relative to the repository), else the bundle file's name.
  return url.startsWith('file://') || path.isAbsolute(url) ? path.basename(url.replace(/^file:\/\//, '')) : url;
}

/**
 * The busy stretches of at least `thresholdMs` (only their samples inside
 * [fromUs, toUs], on the profile's clock, when a window is given), and the
 * self time inside them.
 */
export function stallCauses(profile: CpuProfile, thresholdMs: number, window?: { fromUs: number; toUs: number }, locate?: Locate, top = 8): StallCauses {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const appCallers = new Map<string, { name: string; where: string; us: number }>();
  const appFrame = new Map<number, { name: string; where: string } | null>();
  /** The nearest frame (itself or a caller) that the source map places in the app's own files. */
  const nearestApp = (node: ProfileNode): { name: string; where: string } | null => {
    const known = appFrame.get(node.id);
    if (known !== undefined) return known;
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const mapped = url ? locate?.(url, lineNumber, columnNumber) : undefined;
    const up = parent.get(node.id);
    const found = mapped && !mapped.url.includes('node_modules') ? { name: functionName || '(anonymous)', where: `${mapped.url}:${mapped.line + 1}` } : up ? nearestApp(up) : null;
    appFrame.set(node.id, found);
    return found;
  };
  const functions = new Map<string, { name: string; where: string; us: number }>();
  const sources = new Map<string, number>();
  let stalls = 0;
  let longestUs = 0;
  let stalledUs = 0;
  let stretch: Array<{ node: ProfileNode; us: number }> = [];
  let stretchUs = 0;
  const close = () => {
    if (stretchUs >= thresholdMs * 1000) {
      stalls++;
      longestUs = Math.max(longestUs, stretchUs);
      stalledUs += stretchUs;
      for (const { node, us } of stretch) {
        const mapped = node.callFrame.url ? locate?.(node.callFrame.url, node.callFrame.lineNumber, node.callFrame.columnNumber) : undefined;
        const { functionName } = node.callFrame;
        const url = mapped?.url ?? node.callFrame.url;
        const lineNumber = mapped?.line ?? node.callFrame.lineNumber;
        const name = functionName || '(anonymous)';
        const where = url ? `${mapped ? url : path.basename(url)}:${lineNumber + 1}` : '';
        const key = `${name} ${where}`;
        const f = functions.get(key) ?? { name, where, us: 0 };
        f.us += us;
        functions.set(key, f);
        const source = sourceOf(url, name);
        sources.set(source, (sources.get(source) ?? 0) + us);
        const caller = locate ? nearestApp(node) : null;
        if (caller) {
          const k = `${caller.name} ${caller.where}`;
          const c = appCallers.get(k) ?? { ...caller, us: 0 };
          c.us += us;
          appCallers.set(k, c);
        }
      }
    }
    stretch = [];
    stretchUs = 0;
  };
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const node = byId.get(profile.samples[i]!);
    // A sample lasts until the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    // Outside the window counts as idle: a stretch running into the window is cut at its edge.
    if (!node || node.callFrame.functionName === '(idle)' || (window && (t < window.fromUs || t > window.toUs))) {
      close();
      continue;
    }
    stretch.push({ node, us });
    stretchUs += us;
  }
  close();
  const share = (us: number) => (stalledUs === 0 ? 0 : Math.round((us / stalledUs) * 1000) / 1000);
  return {
    stalls,
    longestMs: longestUs / 1000,
    stalledMs: stalledUs / 1000,
    functions: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, share: share(f.us) })),
    sources: [...sources.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([source, us]) => ({ source, ms: us / 1000, share: share(us) })),
    appCallers: [...appCallers.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, ms: f.us / 1000, share: share(f.us) })),
  };
}
