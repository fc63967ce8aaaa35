// `skill-inspector check` reads each skill as the app's Verify and Review do
// (issue 13, items 1, 8, 9 and 18): the built command against the
// hostile-edges server over stdio and Streamable HTTP, every read the server
// answers counted from its HOSTILE_READ_LOG.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Finding, SkillEntry } from '../../shared/model.js';
import { commandLine, runCli } from '../fixtures/cli/harness.js';
import { HOSTILE_EDGES_SERVER, startHostileEdgesHttp, type HostileEdgesHttp } from '../fixtures/hostile-edges/harness.js';

const SKILL = 'skill://alpha/SKILL.md';
const GUIDE = 'skill://alpha/references/guide.md';

interface Checked {
  readonly code: number | null;
  readonly skills: SkillEntry[];
  readonly findings: Finding[];
  reads(uri: string, method?: string): number;
  readonly log: Array<[string, string]>;
}

let dir: string | undefined;
let http: HostileEdgesHttp | undefined;
afterEach(async () => {
  await http?.stop();
  http = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function check(name: string, route: 'stdio' | 'http', extra: readonly string[] = []): Promise<Checked> {
  dir = mkdtempSync(path.join(os.tmpdir(), 'si-check-pass-'));
  const readLog = path.join(dir, 'reads.jsonl');
  const serverArgs = [HOSTILE_EDGES_SERVER, name];
  let target: string[];
  if (route === 'http') {
    http = await startHostileEdgesHttp(serverArgs, { HOSTILE_READ_LOG: readLog });
    target = ['--url', http.url];
  } else {
    target = ['--stdio', commandLine(process.execPath, ...serverArgs), '--env', `HOSTILE_READ_LOG=${readLog}`];
  }
  const run = await runCli(['check', ...target, '--json', '--fail-on', 'never', ...extra]);
  const report = JSON.parse(run.stdout) as { skills: SkillEntry[]; findings: Finding[] };
  let text: string;
  try {
    text = readFileSync(readLog, 'utf8');
  } catch {
    // No read at all: the server never wrote its log.
    text = '';
  }
  const log = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { method: string; uri: string })
    .map((r): [string, string] => [r.method, r.uri]);
  return { code: run.code, ...report, log, reads: (uri, method = 'resources/read') => log.filter(([m, u]) => m === method && u === uri).length };
}

const brief = (findings: readonly Finding[]) => findings.map((f) => [f.id, f.severity, f.location.fileUri ?? '']);

for (const route of ['stdio', 'http'] as const) {
  describe(`check over ${route}`, () => {
    it('reads nothing else of a skill whose SKILL.md fails', async () => {
      const c = await check('skillmd-fails-stop', route);
      expect([c.reads(SKILL), c.reads(GUIDE)]).toEqual([1, 0]);
      expect(c.skills[0]!.files[GUIDE]).toMatchObject({ state: 'unread', reason: 'skill-md-failed' });
      expect(c.skills[0]!.status).toBe('mismatch');
    });

    it('reads SKILL.md a second time on purpose and reports other bytes, every other file once', async () => {
      const c = await check('content-changed-between-reads', route);
      expect([c.reads(SKILL), c.reads(GUIDE)]).toEqual([2, 1]);
      expect(brief(c.findings.filter((f) => f.id === 'inspector-content-changed'))).toEqual([['inspector-content-changed', 'error', SKILL]]);
      expect(c.skills[0]!.files[SKILL]).toMatchObject({ state: 'failed', reason: 'changed' });
    });

    it('walks the directory: the unlisted file is reported and never read', async () => {
      const c = await check('directory-unlisted-file', route);
      expect(c.reads('skill://alpha/notes/extra.md')).toBe(0);
      expect(c.reads('skill://alpha', 'resources/directory/read')).toBe(1);
      expect(brief(c.findings)).toEqual([['sep-2640-directory-read-not-manifest-extension', 'warning', 'skill://alpha/notes/extra.md']]);
    });

    it('after a list limit, reports the entries listed so far and reads none of them', async () => {
      const c = await check('list-limit-partial', route, ['--max-list-entries', '2']);
      expect(c.skills.map((s) => [s.uri, s.status])).toEqual([
        [SKILL, 'unread'],
        ['skill://beta/SKILL.md', 'unread'],
      ]);
      expect(brief(c.findings)).toEqual([['inspector-list-limit', 'error', '']]);
      expect(c.log.filter(([method]) => method === 'resources/read')).toEqual([]);
    });
  });
}
