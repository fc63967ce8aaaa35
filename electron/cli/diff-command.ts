// `skill-inspector diff <A> <B>`: two servers, a server and a lockfile, or two
// lockfiles — staging against production. Skills only in one side, and skills
// whose file sets differ, file by file. Exit 0 when the same, 1 when not.
import { parseArgs } from 'node:util';
import type { Settings } from '../../shared/model.js';
import { DIFF_WORDS, formatComparisonText, summary } from './format-drift.js';
import { compareServers, isIdentical, pickServer, type LockedServer } from './lockfile.js';
import { LISTING_LIMITS, limitOptions, limitSettings } from './limit-flags.js';
import { readLockfile } from './lockfile-io.js';
import { parseSides, type Side } from './side-spec.js';
import { readServerSkillSet } from './skill-set.js';
import { progressTo, wantsColour, type Streams } from './streams.js';
import { forTerminal } from './terminal-text.js';
import { wellFormedJson } from './well-formed-json.js';

interface LoadedSide {
  readonly spec: string;
  readonly label: string;
  readonly server: LockedServer;
  readonly problems: string[];
}

export async function diffCommand(args: string[], io: Streams): Promise<number> {
  const { values, tokens } = parseArgs({
    args,
    options: {
      'a-header': { type: 'string', multiple: true },
      'b-header': { type: 'string', multiple: true },
      'a-env': { type: 'string', multiple: true },
      'b-env': { type: 'string', multiple: true },
      'a-cwd': { type: 'string' },
      'b-cwd': { type: 'string' },
      // The same flags as every other command; each names one side, in order.
      stdio: { type: 'string', multiple: true },
      url: { type: 'string', multiple: true },
      header: { type: 'string', multiple: true },
      config: { type: 'string', multiple: true },
      server: { type: 'string', multiple: true },
      lock: { type: 'string', multiple: true },
      env: { type: 'string', multiple: true },
      cwd: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      // The same limits for both sides.
      ...limitOptions([...LISTING_LIMITS, 'concurrency']),
    },
    allowPositionals: true,
    tokens: true,
  });
  const settings = limitSettings(values);
  const sides = await parseSides(tokens, values['a-header'] ?? [], values['b-header'] ?? [], {
    a: { env: values['a-env'], cwd: values['a-cwd'] },
    b: { env: values['b-env'], cwd: values['b-cwd'] },
  });
  const progress = progressTo(io.err, values.quiet);
  // Lockfiles first: a bad one is a usage error, found before any server starts. Both are read at once, and when
  // both are bad the error named is A's: with Promise.all it was whichever read failed first (a FIFO as B beat
  // /dev/zero as A on some runs).
  const settled = await Promise.allSettled(sides.map((side) => (side.kind === 'lockfile' ? loadLockSide(side) : undefined)));
  const lockSides = settled.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
  const loaded: LoadedSide[] = [];
  for (const [i, side] of sides.entries()) loaded.push(lockSides[i] ?? (await loadServerSide(side, progress, settings)));
  const [a, b] = loaded as [LoadedSide, LoadedSide];
  const comparison = compareServers(a.server, b.server);
  const identical = isIdentical(comparison);
  const consistent = a.problems.length === 0 && b.problems.length === 0;
  if (values.json) {
    io.out.write(
      `${wellFormedJson({ identical, a: { spec: a.spec, label: a.label }, b: { spec: b.spec, label: b.label }, ...comparison, problems: { a: a.problems, b: b.problems } }, 2)}\n`,
    );
  } else {
    // A label may come from a lockfile or a host config: shown, never run (terminal-text.ts).
    const header = `A: ${forTerminal(a.spec)} (${forTerminal(a.label)})\nB: ${forTerminal(b.spec)} (${forTerminal(b.label)})\n`;
    io.out.write(
      identical
        ? `${header}\nSame skills: both serve the same ${Object.keys(a.server.skills).length} skill(s) with the same files.\n`
        : `${header}\n${summary(comparison, DIFF_WORDS)}.\n\n${formatComparisonText(comparison, DIFF_WORDS, wantsColour(io.out))}`,
    );
    for (const side of [a, b]) {
      if (side.problems.length > 0) io.out.write(`\n${side === a ? 'A' : 'B'} is not consistent:\n${side.problems.map((p) => `  - ${p}\n`).join('')}`);
    }
  }
  return identical && consistent ? 0 : 1;
}

async function loadLockSide(side: Extract<Side, { kind: 'lockfile' }>): Promise<LoadedSide> {
  const lockfile = await readLockfile(side.file);
  const picked = pickServer(lockfile, side.file, { label: side.label });
  return { spec: side.spec, label: picked.label, server: picked.server, problems: [] };
}

async function loadServerSide(side: Side, progress: (line: string) => void, settings: Partial<Settings>): Promise<LoadedSide> {
  if (side.kind !== 'server') throw new Error('a lockfile side is loaded before the servers');
  const set = await readServerSkillSet(side.target, progress, settings);
  return { spec: side.spec, label: set.label, server: set.server, problems: set.problems };
}
