// Served vs source (check --source) as finding cases: entries the SDK builds
// (skillEntry, loadSkills) from a skill's files, one set as served and one as
// the folder has them, and the close variant that differs in nothing (or in
// something else).
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { skillEntry } from '@modelcontextprotocol/server/ext/skills';
import { SERVER, type FindingCase } from './finding-cases.unit.js';
import { compareWithSource } from './served-vs-source.js';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { appLimitNamer } from '../../shared/limits.js';
import { loadSourceFolder, sourceLimitsOf } from './source-folder.js';

const FOLDER = '/src/skills';
const SKILL_URI = 'skill://notes/SKILL.md';
const GUIDE_URI = 'skill://notes/references/guide.md';
const SKILL_MD = '---\nname: notes\ndescription: Takes notes.\n---\n# Notes\n\nSee references/guide.md.\n';
const GUIDE = '# Guide\n\nShort notes.\n';
const CLEAN = { 'SKILL.md': SKILL_MD, 'references/guide.md': GUIDE };

/** Compares the entry the SDK builds from `served` with the one it builds from `source` (`undefined`: no such skill). */
const compare = (served: Record<string, string> | undefined, source: Record<string, string> | undefined) => async () =>
  compareWithSource({
    serverId: SERVER,
    folder: FOLDER,
    served: served ? [await skillEntry('notes', served)] : [],
    source: source ? [await skillEntry('notes', source)] : [],
  });

/** The folder's findings for one skill folder holding `skillMd`. */
const folderWith = (skillMd: string) => async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-source-case-'));
  try {
    await fs.mkdir(path.join(dir, 'notes'));
    await fs.writeFile(path.join(dir, 'notes', 'SKILL.md'), skillMd);
    return [...(await loadSourceFolder(dir, SERVER, FOLDER)).findings];
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
};

/** The folder's findings for the notes skill with `files`, read with the largest file at `maxFileBytes`. */
const folderRead = (files: Record<string, string>, maxFileBytes: number) => async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'si-source-case-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(dir, 'notes', name)), { recursive: true });
      await fs.writeFile(path.join(dir, 'notes', name), text);
    }
    return [...(await loadSourceFolder(dir, SERVER, FOLDER, sourceLimitsOf({ ...DEFAULT_SETTINGS, maxFileBytes }, appLimitNamer))).findings];
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
};

const { 'references/guide.md': _guide, ...WITHOUT_GUIDE } = CLEAN;
const LONG_GUIDE = { ...CLEAN, 'references/guide.md': `${'x'.repeat(199)}\n` };

export const SOURCE_CASES: readonly FindingCase[] = [
  {
    id: 'inspector-source-missing',
    input: 'the server lists references/guide.md, the folder has no such file',
    trigger: compare(CLEAN, WITHOUT_GUIDE),
    ids: ['inspector-source-missing'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI, fileUri: GUIDE_URI }, message: ['The server lists references/guide.md', `${FOLDER}/notes/references/guide.md is not in the source folder`] },
    near: { input: 'the folder has the same guide', run: compare(CLEAN, CLEAN), ids: [] },
  },
  {
    id: 'inspector-source-missing',
    input: 'the server serves a skill the folder does not have',
    trigger: compare(CLEAN, undefined),
    ids: ['inspector-source-missing'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI }, message: [`The server serves ${SKILL_URI}`, `no skill at ${FOLDER}/notes`] },
    near: { input: 'the folder has that skill', run: compare(CLEAN, CLEAN), ids: [] },
  },
  {
    id: 'inspector-source-extra',
    input: 'the folder has references/guide.md, the server does not list it',
    trigger: compare(WITHOUT_GUIDE, CLEAN),
    ids: ['inspector-source-extra'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI, fileUri: GUIDE_URI }, message: [`${FOLDER}/notes/references/guide.md is in the source folder`, `does not list ${GUIDE_URI}`] },
    near: { input: 'neither has the guide', run: compare(WITHOUT_GUIDE, WITHOUT_GUIDE), ids: [] },
  },
  {
    id: 'inspector-source-extra',
    input: 'the folder has a skill the server does not serve',
    trigger: compare(undefined, CLEAN),
    ids: ['inspector-source-extra'],
    expect: { severity: 'error', location: { serverId: SERVER, skillUri: SKILL_URI }, message: [`${FOLDER}/notes is a skill in the source folder`, `does not serve ${SKILL_URI}`] },
    near: { input: 'neither has it', run: compare(undefined, undefined), ids: [] },
  },
  {
    id: 'inspector-source-bytes',
    input: 'the folder’s references/guide.md has other bytes',
    trigger: compare(CLEAN, { ...CLEAN, 'references/guide.md': `${GUIDE}More.\n` }),
    ids: ['inspector-source-bytes'],
    expect: {
      severity: 'error',
      location: { serverId: SERVER, skillUri: SKILL_URI, fileUri: GUIDE_URI },
      message: ['references/guide.md differs', `the source folder's file is ${Buffer.byteLength(GUIDE) + 6} bytes`, `the server lists ${Buffer.byteLength(GUIDE)} bytes`],
    },
    near: { input: 'the same bytes', run: compare(CLEAN, { ...CLEAN }), ids: [] },
  },
  {
    id: 'inspector-source-frontmatter',
    input: 'the folder’s SKILL.md has another description',
    trigger: compare(CLEAN, { ...CLEAN, 'SKILL.md': SKILL_MD.replace('Takes notes.', 'Takes short notes.') }),
    ids: ['inspector-source-bytes', 'inspector-source-frontmatter'],
    expect: {
      severity: 'error',
      location: { serverId: SERVER, skillUri: SKILL_URI, field: 'frontmatter.description' },
      message: [`frontmatter.description differs: the source folder's SKILL.md has "Takes short notes."; the server serves "Takes notes."`],
      expected: '"Takes short notes."',
      actual: '"Takes notes."',
    },
    near: { input: 'the folder’s SKILL.md differs in its body only', run: compare(CLEAN, { ...CLEAN, 'SKILL.md': `${SKILL_MD}More.\n` }), ids: ['inspector-source-bytes'] },
  },
  {
    id: 'inspector-source-skipped',
    input: 'a skill folder whose SKILL.md has no frontmatter',
    trigger: folderWith('# Notes\n'),
    ids: ['inspector-source-skipped'],
    expect: { severity: 'warning', location: { serverId: SERVER, skillUri: SKILL_URI }, message: [`${FOLDER}/notes/SKILL.md:`, 'skill skipped', 'would not serve that skill'], actual: 'notes/SKILL.md' },
    near: { input: 'the same folder with its frontmatter', run: folderWith(SKILL_MD), ids: [] },
  },
  {
    id: 'inspector-source-unread',
    input: 'the folder’s references/guide.md (200 bytes) is past the largest file read (100 bytes)',
    trigger: folderRead(LONG_GUIDE, 100),
    ids: ['inspector-source-unread'],
    expect: {
      severity: 'warning',
      location: { serverId: SERVER, skillUri: SKILL_URI },
      message: [`${FOLDER}/notes/references/guide.md is 200 bytes, past the largest file read (100 bytes)`, `${SKILL_URI} was not compared`, 'Raise Settings › Largest file'],
      expected: 'at most 100 bytes',
      actual: '200 bytes',
    },
    near: { input: 'the same folder with the largest file read at 200 bytes', run: folderRead(LONG_GUIDE, 200), ids: [] },
  },
];
