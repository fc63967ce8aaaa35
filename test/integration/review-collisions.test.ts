// Name collisions across two real servers (one over stdio, one over
// Streamable HTTP) and temporary local skill folders: every clash is listed
// with its skills side by side and what each host would do, and lookalike
// names are caught.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collision, CollisionReport, HostVerdict } from '../../shared/review-model.js';
import { COLLISIONS, ReviewClient, startHttpServer, stdioServer, tempDir } from '../fixtures/review-server/client.js';

let client: ReviewClient;
let beta: Awaited<ReturnType<typeof startHttpServer>>;
let home: string;
let project: string;
let alphaId: string;
let betaId: string;
let report: CollisionReport;

async function writeSkill(folder: string, name: string, description: string): Promise<void> {
  await fs.mkdir(path.join(folder, name), { recursive: true });
  await fs.writeFile(path.join(folder, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n`);
}

beforeAll(async () => {
  home = await tempDir('home');
  project = await tempDir('project');
  await writeSkill(path.join(home, '.claude', 'skills'), 'pdf-tools', 'My own PDF helper.');
  await writeSkill(path.join(home, '.claude', 'skills'), 'code-review', 'Reviews code my way.');
  await writeSkill(path.join(project, '.claude', 'skills'), 'code-review', 'Reviews code the team way.');
  await writeSkill(path.join(home, '.agents', 'skills'), 'lint-fix', 'Fixes lint, personal.');
  await writeSkill(path.join(project, '.agents', 'skills'), 'lint-fix', 'Fixes lint, project.');
  // Cyrillic "о" twice: looks exactly like pdf-tools.
  await writeSkill(path.join(home, '.gemini', 'skills'), 'pdf-t\u043e\u043els', 'Fills in PDF forms (lookalike).');

  client = await ReviewClient.open({ homeDir: home, projectDirs: [project] });
  beta = await startHttpServer(path.join(COLLISIONS, 'beta'));
  alphaId = (await client.addServer('Alpha', stdioServer(path.join(COLLISIONS, 'alpha'), 'alpha'))).serverId;
  betaId = (await client.addServer('Beta', { kind: 'http', url: beta.url, headers: {} })).serverId;
  report = await client.call('review.collisions', {});
}, 120_000);

afterAll(async () => {
  await client?.close();
  await beta?.stop();
  await fs.rm(home, { recursive: true, force: true });
  await fs.rm(project, { recursive: true, force: true });
});

function clash(name: string): Collision {
  const found = report.collisions.find((c) => c.name === name);
  if (!found) throw new Error(`no collision for ${name}: ${report.collisions.map((c) => c.name).join(', ')}`);
  return found;
}

function verdict(collision: Collision, host: HostVerdict['host']): HostVerdict {
  return collision.hosts.find((h) => h.host === host)!;
}

const localId = (...segments: string[]) => `local:${path.join(...segments)}`;
const localUri = (...segments: string[]) => `file://${path.join(...segments, 'SKILL.md')}`;

describe('collisions across servers and local folders', () => {
  it('gives every skill a qualified name: origin label and name', () => {
    const names = report.skills.map((s) => s.qualifiedName).sort();
    expect(names).toEqual(
      [
        'Alpha › pdf-tools',
        'Alpha › release-notes',
        'Alpha › team-a/formatter',
        'Alpha › team-b/formatter',
        'Beta › pdf-tools',
        'Beta › pdftools',
        'Beta › release-n0tes',
        '~/.claude/skills › pdf-tools',
        '~/.claude/skills › code-review',
        `${path.join(project, '.claude', 'skills')} › code-review`,
        '~/.agents/skills › lint-fix',
        `${path.join(project, '.agents', 'skills')} › lint-fix`,
        '~/.gemini/skills › pdf-t\u043e\u043els',
      ].sort(),
    );
  });

  it('lists one name on two servers and in a local folder side by side; no host documents a winner', () => {
    const pdf = clash('pdf-tools');
    expect(pdf.scope).toBe('server-and-local');
    expect(pdf.skills.map((s) => [s.serverId, s.skillUri])).toEqual([
      [alphaId, 'skill://pdf-tools/SKILL.md'],
      [betaId, 'skill://pdf-tools/SKILL.md'],
      [localId(home, '.claude', 'skills'), localUri(home, '.claude', 'skills', 'pdf-tools')],
    ]);
    expect(pdf.hosts.map((h) => h.verdict)).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
    expect(verdict(pdf, 'claude-code').note).toContain('does not document how skills from MCP servers rank');
  });

  it('finds the same name twice on one server, at different paths', () => {
    const formatter = clash('formatter');
    expect(formatter.scope).toBe('same-origin');
    expect(formatter.skills.map((s) => s.qualifiedName)).toEqual(['Alpha › team-a/formatter', 'Alpha › team-b/formatter']);
  });

  it("says which copy each host's documented precedence picks between local folders", () => {
    const review = clash('code-review');
    expect(review.scope).toBe('across-local');
    const personal = { serverId: localId(home, '.claude', 'skills'), skillUri: localUri(home, '.claude', 'skills', 'code-review') };
    const team = { serverId: localId(project, '.claude', 'skills'), skillUri: localUri(project, '.claude', 'skills', 'code-review') };
    expect(verdict(review, 'claude-code')).toMatchObject({ verdict: 'picks', chosen: personal, silent: true, source: 'https://code.claude.com/docs/en/skills' });
    expect(verdict(review, 'goose')).toMatchObject({ verdict: 'picks', chosen: team });
    expect(verdict(review, 'vscode')).toMatchObject({ verdict: 'sees-one', chosen: team });
    expect(verdict(review, 'codex').verdict).toBe('reads-none');
    expect(verdict(review, 'gemini-cli').verdict).toBe('reads-none');

    const lint = clash('lint-fix');
    const projectLint = { serverId: localId(project, '.agents', 'skills'), skillUri: localUri(project, '.agents', 'skills', 'lint-fix') };
    expect(verdict(lint, 'codex').verdict).toBe('shows-all');
    expect(verdict(lint, 'gemini-cli')).toMatchObject({ verdict: 'picks', chosen: projectLint });
    expect(verdict(lint, 'goose')).toMatchObject({ verdict: 'sees-one', chosen: projectLint });
    expect(verdict(lint, 'vscode').verdict).toBe('unknown');
    expect(verdict(lint, 'claude-code').verdict).toBe('reads-none');
  });

  it('flags names that differ only by lookalike characters or a hyphen', () => {
    const pairs = report.nearCollisions.map((n) => `${n.names[0]} ~ ${n.names[1]}: ${n.reason}`).sort();
    expect(pairs).toEqual([
      'pdf-tools ~ pdf-t\u043e\u043els: confusable',
      'pdf-tools ~ pdftools: hyphen',
      'pdf-t\u043e\u043els ~ pdftools: confusable-and-hyphen',
      'release-n0tes ~ release-notes: confusable',
    ].sort());
    const cyrillic = report.nearCollisions.find((n) => n.reason === 'confusable' && n.names.includes('pdf-tools'))!;
    expect(cyrillic.detail).toContain('"\u043e" (U+043E CYRILLIC SMALL LETTER O) looks like "o"');
    const digit = report.nearCollisions.find((n) => n.names.includes('release-n0tes'))!;
    expect(digit.detail).toBe('"0" (U+0030 DIGIT ZERO) looks like "o"');
    expect(digit.skills.map((s) => s.qualifiedName)).toEqual(['Beta › release-n0tes', 'Alpha › release-notes']);
  });

  it('reports each clash as findings on every skill involved', () => {
    const onLocal = report.findings.filter((f) => f.location.serverId === localId(home, '.claude', 'skills') && f.location.skillUri === localUri(home, '.claude', 'skills', 'pdf-tools'));
    expect(onLocal.map((f) => f.id).sort()).toEqual(['risk-name-collision', 'risk-name-lookalike', 'risk-name-lookalike']);
    expect(onLocal.find((f) => f.id === 'risk-name-collision')!.message).toContain('Alpha › pdf-tools, Beta › pdf-tools');
  });

  it('adds the clashes to the review of a skill', async () => {
    const review = await client.call('review.scanSkill', { serverId: betaId, skillUri: 'skill://release-n0tes/SKILL.md' });
    expect(review.qualifiedName).toBe('Beta › release-n0tes');
    expect(review.findings.map((f) => f.id)).toEqual(['risk-name-lookalike']);
    expect(review.summary.points.find((p) => p.topic === 'risk')?.text).toBe('Another skill has a name that looks almost the same.');
  });
});
