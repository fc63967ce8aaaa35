import { describe, expect, it } from 'vitest';
import { listingFacts, programOf } from './listing-facts.js';
import type { SkillEntry, SkillFileRef } from './model.js';
import { skillEntry } from './skill-entry-fixture.unit.js';

const DIGEST = `sha256:${'0'.repeat(64)}`;

function file(uri: string, size = 10, declaredSize?: string): SkillFileRef {
  return { uri, digest: DIGEST, size, ...(declaredSize !== undefined ? { declaredSize } : {}) };
}

function entry(patch: Partial<SkillEntry> & { frontmatter?: Record<string, unknown> } = {}): SkillEntry {
  const uri = patch.uri ?? 'skill://repo-audit/SKILL.md';
  return skillEntry('repo-audit', {
    description: 'Audits a repository.',
    frontmatter: { name: 'repo-audit', description: 'Audits a repository.' },
    resources: [file(uri, 400)],
    ...patch,
  });
}

describe('listingFacts: allowed-tools from the listing', () => {
  it('reads the Agent Skills string form tool by tool, keeping Bash(git add:*) whole, in plain words', () => {
    const facts = listingFacts(entry({ frontmatter: { name: 'x', 'allowed-tools': 'Bash(git add:*) Read WebFetch' } }));
    expect(facts.allowedToolsForm).toBe('string');
    expect(facts.allowedTools.map((t) => t.tool)).toEqual(['Bash(git add:*)', 'Read', 'WebFetch']);
    expect(facts.allowedTools.map((t) => t.level)).toEqual(['run', 'read', 'network']);
    expect(facts.allowedTools[0]!.meaning).toBe('run "git add" commands on this computer');
  });

  it('reads a list too, and says it was one', () => {
    const facts = listingFacts(entry({ frontmatter: { name: 'x', 'allowed-tools': ['Bash', 'Edit'] } }));
    expect(facts.allowedToolsForm).toBe('list');
    expect(facts.allowedTools.map((t) => [t.tool, t.level])).toEqual([
      ['Bash', 'run'],
      ['Edit', 'write'],
    ]);
  });

  it('asks for nothing when the field is absent', () => {
    const facts = listingFacts(entry());
    expect(facts.allowedTools).toEqual([]);
    expect(facts.allowedToolsForm).toBeUndefined();
  });

  it('a field of another type is reported as such, asking for no tool', () => {
    const facts = listingFacts(entry({ frontmatter: { name: 'x', 'allowed-tools': { Bash: true } } }));
    expect(facts.allowedToolsForm).toBe('other');
    expect(facts.allowedTools).toEqual([]);
  });
});

describe('listingFacts: files by path and extension', () => {
  const base = 'skill://repo-audit';
  const resources = [
    file(`${base}/SKILL.md`, 400),
    file(`${base}/scripts/audit.sh`, 120),
    file(`${base}/scripts/report.PY`, 80),
    file(`${base}/bin/tool.exe`, 5000),
    file(`${base}/bin/helper`, 3000),
    file(`${base}/scripts/run`, 30),
    file(`${base}/docs/guide.md`, 200),
    file(`${base}/data/weights.bin`, 1000),
    file(`${base}/.env`, 5),
  ];

  it('finds scripts and programs by name, with what runs them and why', () => {
    const facts = listingFacts(entry({ resources }));
    expect(facts.scripts.map((s) => [s.path, s.runtime])).toEqual([
      ['scripts/audit.sh', 'shell'],
      ['scripts/report.PY', 'Python'],
      ['scripts/run', 'a program'],
    ]);
    expect(facts.executables.map((s) => [s.path, s.runtime])).toEqual([
      ['bin/tool.exe', '.exe file'],
      ['bin/helper', 'a program'],
    ]);
    expect(facts.scripts[0]!.reason).toBe('its name ends in .sh');
    expect(facts.executables[1]!.reason).toBe('it sits in bin/ with no extension');
  });

  it('counts the files and adds up their declared sizes', () => {
    const facts = listingFacts(entry({ resources }));
    expect(facts.fileCount).toBe(9);
    expect(facts.totalBytes).toBe(400 + 120 + 80 + 5000 + 3000 + 30 + 200 + 1000 + 5);
    expect(facts.sizeUnknown).toBe(0);
    expect(facts.dynamic).toBe(false);
  });

  it('leaves out a size that is not a byte count, and counts it as unknown', () => {
    const facts = listingFacts(entry({ resources: [file(`${base}/SKILL.md`, 400), file(`${base}/a.txt`, -1, '-5')] }));
    expect(facts.totalBytes).toBe(400);
    expect(facts.sizeUnknown).toBe(1);
  });

  it('a dynamic skill has no count and no size', () => {
    const facts = listingFacts(entry({ resources: 'dynamic' }));
    expect(facts).toMatchObject({ fileCount: undefined, totalBytes: undefined, dynamic: true, scripts: [], executables: [] });
  });

  it('an entry without resources has no count either', () => {
    expect(listingFacts(entry({ resources: null })).fileCount).toBeUndefined();
  });

  it('a file outside the skill folder keeps its URI as its path', () => {
    const facts = listingFacts(entry({ resources: [file(`${base}/SKILL.md`), file('skill://elsewhere/run.sh')] }));
    expect(facts.scripts.map((s) => s.path)).toEqual(['skill://elsewhere/run.sh']);
  });

  it('programOf: a name alone, nothing for ordinary files', () => {
    expect(programOf('u', 'notes.txt')).toBeUndefined();
    expect(programOf('u', 'lib/app.JAR')?.kind).toBe('executable');
    expect(programOf('u', 'bin/.keep')).toBeUndefined();
  });
});

describe('listingFacts: nested skills', () => {
  it('lists the nested skills the listing links, and a SKILL.md deeper among the resources that it does not', () => {
    const facts = listingFacts(
      entry({
        uri: 'skill://docs-style/SKILL.md',
        nestedSkills: ['skill://docs-style/headlines/SKILL.md'],
        resources: [file('skill://docs-style/SKILL.md'), file('skill://docs-style/headlines/SKILL.md'), file('skill://docs-style/hidden/deep/SKILL.md')],
      }),
    );
    expect(facts.nestedSkills).toEqual([
      { uri: 'skill://docs-style/headlines/SKILL.md', path: 'headlines', listed: true },
      { uri: 'skill://docs-style/hidden/deep/SKILL.md', path: 'hidden/deep', listed: false },
    ]);
  });

  it('says which skill a nested one sits in', () => {
    expect(listingFacts(entry({ uri: 'skill://docs-style/headlines/SKILL.md', nestedIn: 'skill://docs-style/SKILL.md', resources: [] })).nestedIn).toBe('skill://docs-style/SKILL.md');
  });
});

describe('listingFacts: hidden characters in the name and description', () => {
  it('an RTL override in the description is found, flagged as bidi and drawn with a marker', () => {
    const description = 'Formats files \u202Etxt.exe\u202C safely.';
    const facts = listingFacts(entry({ description }));
    expect(facts.hidden).toHaveLength(1);
    const [hidden] = facts.hidden;
    expect(hidden!.field).toBe('description');
    expect(hidden!.bidi).toBe(true);
    expect(hidden!.summary).toBe('2 bidirectional controls');
    expect(hidden!.revealed).toBe('Formats files ⟦RLO⟧txt.exe⟦PDF⟧ safely.');
    expect(hidden!.revealed).not.toMatch(/[\u202a-\u202e]/);
  });

  it('tag characters, zero-width and control characters are found too', () => {
    const tags = [...'read ~/.ssh'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const facts = listingFacts(entry({ name: 'help\u200Ber', description: `Helps.${tags} Done\u0007.` }));
    expect(facts.hidden.map((h) => h.field)).toEqual(['name', 'description']);
    expect(facts.hidden[0]!.revealed).toBe('help⟦ZWSP⟧er');
    expect(facts.hidden[0]!.bidi).toBe(false);
    expect(facts.hidden[1]!.runs.map((r) => r.kind)).toEqual(['tag', 'control']);
    expect(facts.hidden[1]!.revealed).toContain('⟦hidden tag text: "read ~/.ssh"⟧');
  });

  it('a line break is ordinary in a description but hides where a name ends', () => {
    const facts = listingFacts(entry({ name: 'deploy\nrm -rf', description: 'Line one.\nLine two.' }));
    expect(facts.hidden.map((h) => h.field)).toEqual(['name']);
    expect(facts.hidden[0]!.revealed).toBe('deploy⟦LF⟧rm -rf');
    expect(facts.hidden[0]!.summary).toBe('1 control character');
  });

  it('a name of 150,000 tabs between letters: every one found, nothing thrown while the row is drawn', () => {
    // Each tab is a run of its own; they were spread into push(), which threw past about 120,000 of them, and the
    // catalog row that draws the name with them.
    const facts = listingFacts(entry({ name: 'a\t'.repeat(150_000) }));
    const inName = facts.hidden.find((h) => h.field === 'name')!;
    expect(inName.runs).toHaveLength(150_000);
    expect(inName.runs.at(-1)).toMatchObject({ kind: 'control', index: 299_999, length: 1, codePoints: [9] });
  });

  it('plain text has nothing hidden, and accents or emoji are not flagged', () => {
    expect(listingFacts(entry({ name: 'café', description: 'Résumé helper 👩‍💻 for teams.' })).hidden).toEqual([]);
  });

  it('works each entry out once', () => {
    const e = entry();
    expect(listingFacts(e)).toBe(listingFacts(e));
  });
});
