import { describe, expect, it } from 'vitest';
import type { QualifiedSkill } from '../../shared/review-model.js';
import { findCollisions, qualifiedName } from './collisions.js';
import { confusableSkeleton, describeDifference, nameSkeleton } from './confusables.js';
import { hostVerdict } from './precedence.js';

function server(serverId: string, name: string, prefix = ''): QualifiedSkill {
  return { serverId, originLabel: serverId, originKind: 'server', skillUri: `skill://${prefix ? `${prefix}/` : ''}${name}/SKILL.md`, name, qualifiedName: qualifiedName(serverId, name, prefix) };
}

function local(folderKind: QualifiedSkill['folderKind'], name: string): QualifiedSkill {
  const folder = `/f/${folderKind}`;
  return { serverId: `local:${folder}`, originLabel: folder, originKind: 'local', skillUri: `file://${folder}/${name}/SKILL.md`, name, qualifiedName: qualifiedName(folder, name), folderKind };
}

describe('lookalike names', () => {
  it('folds Cyrillic, Greek and digit lookalikes, and separators', () => {
    expect(confusableSkeleton('раураl')).toBe('paypal');
    expect(confusableSkeleton('gοοgle')).toBe('google');
    expect(confusableSkeleton('c1aude-he1per')).toBe(confusableSkeleton('claude-helper'));
    expect(confusableSkeleton('rnodel')).toBe('model');
    expect(confusableSkeleton('ｐｄｆ')).toBe('pdf');
    expect(nameSkeleton('pdf-tools')).toBe(nameSkeleton('pdf_tools'));
    expect(nameSkeleton('pdf-tools')).not.toBe(nameSkeleton('pdf-table'));
  });
  it('says how two names differ', () => {
    expect(describeDifference('pdf-tools', 'pdftools')).toEqual({ reason: 'hyphen', detail: 'they differ only in hyphens or other separators' });
    expect(describeDifference('paypal', 'раураl')).toEqual({
      reason: 'confusable',
      detail: '"р" (U+0440 CYRILLIC SMALL LETTER ER) looks like "p"; "а" (U+0430 CYRILLIC SMALL LETTER A) looks like "a"; "у" (U+0443 CYRILLIC SMALL LETTER U) looks like "y"',
    });
    expect(describeDifference('model-kit', 'rnodelkit')).toEqual({ reason: 'confusable-and-hyphen', detail: '"rn" looks like "m"; and their hyphens differ' });
  });
  it('folds away characters that draw as nothing: zero-width, soft hyphen, bidi controls, variation selectors, tag characters', () => {
    for (const hidden of ['no\u200Btes', 'no\u200Ctes', 'no\u200Dtes', 'no\u200Etes', 'no\u200Ftes', 'no\u2060tes', 'no\u2064tes', '\uFEFFnotes', 'no\u00ADtes', 'no\u034Ftes', 'notes\uFE0F', 'notes\u{E0100}', 'notes\u{E0001}\u{E0041}\u{E007F}', 'no\u202Etes\u202C', 'no\u2066tes\u2069']) {
      expect(nameSkeleton(hidden), JSON.stringify(hidden)).toBe('notes');
    }
    expect(describeDifference('no\u200Btes', 'notes')).toEqual({ reason: 'hidden', detail: '"no⟦ZWSP⟧tes" hides U+200B ZERO WIDTH SPACE, which draws as nothing' });
    expect(describeDifference('pdf-to\u00ADols', 'pdftools')).toEqual({ reason: 'hidden-and-hyphen', detail: '"pdf-to⟦SHY⟧ols" hides U+00AD SOFT HYPHEN, which draws as nothing; and their hyphens differ' });
    expect(describeDifference('n\u043Ees', 'no\u200Bes')).toEqual({
      reason: 'hidden-and-confusable',
      detail: '"\u043E" (U+043E CYRILLIC SMALL LETTER O) looks like "o"; "no⟦ZWSP⟧es" hides U+200B ZERO WIDTH SPACE, which draws as nothing',
    });
    expect(describeDifference('n-\u043Ees', 'no\u200Bes').reason).toBe('hidden-confusable-and-hyphen');
  });
});

describe('findCollisions', () => {
  it('classifies where a clash is and reports each skill involved', () => {
    const result = findCollisions([server('A', 'fmt', 'team-a'), server('A', 'fmt', 'team-b'), server('A', 'x'), server('B', 'x'), server('B', 'y'), local('claude-user', 'y'), local('claude-user', 'z'), local('agents-user', 'z'), server('C', 'solo')]);
    expect(result.collisions.map((c) => `${c.name}:${c.scope}:${c.skills.map((s) => s.qualifiedName).join('|')}`)).toEqual([
      'fmt:same-origin:A › team-a/fmt|A › team-b/fmt',
      'x:across-servers:A › x|B › x',
      'y:server-and-local:B › y|/f/claude-user › y',
      'z:across-local:/f/agents-user › z|/f/claude-user › z',
    ]);
    expect(result.findings.filter((f) => f.id === 'risk-name-collision')).toHaveLength(8);
    expect(result.nearCollisions).toEqual([]);
  });
  it('pairs every distinct lookalike name once', () => {
    const result = findCollisions([server('A', 'pdf-tools'), server('B', 'pdftools'), server('B', 'pdf-tools'), local('claude-user', 'pdf-tооls')]);
    expect(result.nearCollisions.map((n) => n.names.join(' ~ ')).sort()).toEqual(['pdf-tools ~ pdf-tооls', 'pdf-tools ~ pdftools', 'pdf-tооls ~ pdftools']);
    // Both copies of "pdf-tools" get a finding for each lookalike.
    expect(result.findings.filter((f) => f.id === 'risk-name-lookalike' && f.location.skillUri === 'skill://pdf-tools/SKILL.md')).toHaveLength(4);
  });
  it('pairs a name with an invisible character in it with the name it reads as', () => {
    const result = findCollisions([server('A', 'notes'), server('B', 'no\u200Btes')]);
    expect(result.nearCollisions.map((n) => `${n.names.join(' ~ ')}: ${n.reason}: ${n.detail}`)).toEqual(['notes ~ no\u200Btes: hidden: "no⟦ZWSP⟧tes" hides U+200B ZERO WIDTH SPACE, which draws as nothing']);
  });
});

describe('host precedence', () => {
  it('follows each documented order', () => {
    const claudeUser = local('claude-user', 'r');
    const claudeProject = local('claude-project', 'r');
    const geminiUser = local('gemini-user', 'r');
    const agentsUser = local('agents-user', 'r');
    const gooseUser = local('goose-user', 'r');
    expect(hostVerdict('claude-code', [claudeProject, claudeUser])).toMatchObject({ verdict: 'picks', chosen: { serverId: claudeUser.serverId }, silent: true });
    expect(hostVerdict('gemini-cli', [geminiUser, agentsUser])).toMatchObject({ verdict: 'picks', chosen: { serverId: agentsUser.serverId } });
    expect(hostVerdict('goose', [gooseUser, claudeUser])).toMatchObject({ verdict: 'picks', chosen: { serverId: gooseUser.serverId } });
    expect(hostVerdict('codex', [agentsUser, local('codex-user', 'r')]).verdict).toBe('shows-all');
    expect(hostVerdict('vscode', [agentsUser, local('copilot-user', 'r')]).verdict).toBe('unknown');
    expect(hostVerdict('claude-code', [geminiUser, agentsUser]).verdict).toBe('reads-none');
    expect(hostVerdict('claude-code', [local('custom', 'r'), claudeUser])).toMatchObject({ verdict: 'sees-one', chosen: { serverId: claudeUser.serverId } });
    expect(hostVerdict('goose', [server('A', 'r'), gooseUser]).verdict).toBe('unknown');
  });
});
