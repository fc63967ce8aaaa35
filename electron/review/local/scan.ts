// Reads one local skills folder, never writing to it: finds every folder with
// a SKILL.md and reads its files. Bounded (depth, folders, files, bytes) so a
// home directory full of clones cannot stall the app, and it never follows a
// symbolic link out of the folder (threat model T7: an "example" file that is
// really a link to the user's key). Special files (FIFOs, devices) are never
// opened.
import { promises as fs, type Dirent } from 'node:fs';
import path from 'node:path';
import { FileTooLarge, NotARegularFile, fileKindOf, readRegularFile } from '../../storage/read-regular-file.js';

export interface ScanLimits {
  /** Folder depth below the origin folder. */
  readonly maxDepth: number;
  /** Folders visited in all. */
  readonly maxDirectories: number;
  /** Files kept per skill. */
  readonly maxFilesPerSkill: number;
  /** Largest single file read. */
  readonly maxFileBytes: number;
  /** Bytes read for the whole folder. */
  readonly maxTotalBytes: number;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = {
  maxDepth: 8,
  maxDirectories: 2000,
  maxFilesPerSkill: 1000,
  maxFileBytes: 16 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
};

// Folders that hold tooling, not skills; their contents are not walked.
const NOT_WALKED = new Set(['.git', 'node_modules', '.hg', '.svn', '__pycache__', '.venv', 'venv', '.tox', '.mypy_cache']);

export interface LocalFile {
  /** Absolute path (as reached inside the origin, links not resolved). */
  readonly absolute: string;
  /** Path inside the skill folder, `/`-separated. */
  readonly relative: string;
  readonly size: number;
  readonly bytes?: Buffer;
  readonly executable: boolean;
  readonly symlinkTarget?: string;
  /** Why the bytes are missing. */
  readonly unread?: string;
}

export interface LocalSkillFolder {
  /** Absolute folder holding SKILL.md. */
  readonly directory: string;
  /** Folder inside the origin, `/`-separated (`team/pdf-tools`). */
  readonly relativeDirectory: string;
  readonly files: LocalFile[];
  /** More files than the per-skill limit: `notScanned` were never opened. */
  readonly truncated: boolean;
  /** Every file found under the skill folder, scanned or not. */
  readonly fileCount: number;
  /** Paths (inside the skill) of the files past the per-skill limit, which were not scanned. */
  readonly notScanned: readonly string[];
}

export interface FolderScan {
  readonly root: string;
  readonly exists: boolean;
  readonly skills: LocalSkillFolder[];
  readonly skipped: Array<{ path: string; reason: string }>;
  readonly truncated: boolean;
  readonly error?: string;
}

interface Entry {
  readonly absolute: string;
  readonly relative: string;
  readonly kind: 'file' | 'directory' | 'link-out' | 'special' | 'unreadable';
  readonly size: number;
  readonly executable: boolean;
  readonly target?: string;
  /** For a link that stays inside the folder: the file it points to (read instead of the link). */
  readonly real?: string;
  /** What a special file is ("a named pipe (FIFO)"); for an unreadable one, why. */
  readonly what?: string;
}

function inside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Scans an origin folder; with `only`, just the skill folder at that relative path (links still judged against the origin). */
export async function scanFolder(folder: string, limits: ScanLimits = DEFAULT_SCAN_LIMITS, only?: string): Promise<FolderScan> {
  const skipped: Array<{ path: string; reason: string }> = [];
  let realRoot: string;
  try {
    const stat = await fs.stat(folder);
    if (!stat.isDirectory()) return { root: folder, exists: true, skills: [], skipped, truncated: false, error: `${folder} is not a folder.` };
    realRoot = await fs.realpath(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { root: folder, exists: false, skills: [], skipped, truncated: false };
    return { root: folder, exists: false, skills: [], skipped, truncated: false, error: `${folder} cannot be read (${code ?? String(error)}).` };
  }

  const entries: Entry[] = [];
  let truncated = false;
  let directories = 0;
  const visited = new Set<string>([realRoot]);
  const start = only ? { absolute: path.join(folder, ...only.split('/')), relative: only, depth: only.split('/').length } : { absolute: folder, relative: '', depth: 0 };
  if (only) {
    const real = await fs.realpath(start.absolute).catch(() => undefined);
    if (!real || !inside(realRoot, real)) return { root: folder, exists: true, skills: [], skipped, truncated: false, error: `${start.absolute} is not inside ${folder}.` };
  }
  // Linked folders wait until every real folder is walked, so a skill is found at its real place
  // and a link to it (or a loop back up) is not walked a second time.
  const queue: Array<{ absolute: string; relative: string; depth: number }> = [start];
  const linked: Array<{ absolute: string; relative: string; depth: number }> = [];
  while (queue.length > 0 || linked.length > 0) {
    const dir = (queue.length > 0 ? queue.shift() : linked.shift())!;
    const realDir = await fs.realpath(dir.absolute).catch(() => dir.absolute);
    if (dir !== start) {
      if (visited.has(realDir)) continue;
      visited.add(realDir);
    }
    if (++directories > limits.maxDirectories) {
      truncated = true;
      skipped.push({ path: dir.absolute, reason: `not scanned: more than ${limits.maxDirectories} folders` });
      break;
    }
    if (dir !== start || only) entries.push({ absolute: dir.absolute, relative: dir.relative, kind: 'directory', size: 0, executable: false });
    let children: Dirent[];
    try {
      children = await fs.readdir(dir.absolute, { withFileTypes: true });
    } catch (error) {
      skipped.push({ path: dir.absolute, reason: `cannot be listed (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
      continue;
    }
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      const absolute = path.join(dir.absolute, child.name);
      const relative = dir.relative ? `${dir.relative}/${child.name}` : child.name;
      let stat;
      let realFile: string | undefined;
      try {
        stat = await fs.lstat(absolute);
      } catch (error) {
        // Gone since the listing: nothing to read. Anything else is named, never dropped: a file
        // missing from a skill's review would leave the skill looking read in full.
        const why = unexaminable(child, error);
        if (why) entries.push({ absolute, relative, kind: 'unreadable', size: 0, executable: false, what: why });
        continue;
      }
      if (stat.isSymbolicLink()) {
        let real: string;
        try {
          real = await fs.realpath(absolute);
        } catch {
          entries.push({ absolute, relative, kind: 'link-out', size: 0, executable: false, target: await fs.readlink(absolute).catch(() => '?') });
          continue;
        }
        if (!inside(realRoot, real)) {
          entries.push({ absolute, relative, kind: 'link-out', size: 0, executable: false, target: real });
          continue;
        }
        stat = await fs.stat(absolute);
        realFile = real;
      }
      if (stat.isDirectory()) {
        if (NOT_WALKED.has(child.name)) {
          skipped.push({ path: absolute, reason: 'tooling folder, not walked' });
          continue;
        }
        if (dir.depth + 1 > limits.maxDepth) {
          truncated = true;
          skipped.push({ path: absolute, reason: `deeper than ${limits.maxDepth} folders, not scanned` });
          continue;
        }
        (realFile !== undefined ? linked : queue).push({ absolute, relative, depth: dir.depth + 1 });
      } else if (stat.isFile()) {
        entries.push({ absolute, relative, kind: 'file', size: stat.size, executable: (stat.mode & 0o111) !== 0, ...(realFile !== undefined ? { real: realFile } : {}) });
      } else {
        entries.push({ absolute, relative, kind: 'special', size: 0, executable: false, what: fileKindOf(stat) });
      }
    }
  }

  const skillDirs = entries.filter((e) => e.kind === 'file' && path.posix.basename(e.relative) === 'SKILL.md').map((e) => path.posix.dirname(e.relative));
  for (const e of entries) {
    if (e.kind === 'file' && path.posix.basename(e.relative) !== 'SKILL.md' && path.posix.basename(e.relative).toLowerCase() === 'skill.md') {
      skipped.push({ path: e.absolute, reason: 'named skill.md, not SKILL.md: most agents will not load it' });
    }
  }
  const underSkill = (relative: string) => skillDirs.some((d) => d !== '.' && relative.startsWith(`${d}/`));
  for (const e of entries) {
    if (e.kind === 'link-out' && !underSkill(e.relative)) skipped.push({ path: e.absolute, reason: `a symbolic link out of the folder (to ${e.target ?? '?'}); not followed` });
  }
  for (const e of entries) {
    if (e.kind === 'unreadable' && !underSkill(e.relative)) skipped.push({ path: e.absolute, reason: e.what ?? 'not read' });
  }
  for (const e of entries) {
    // A SKILL.md that is a FIFO, device or socket makes no skill (it is never opened), but it must not vanish silently.
    if (e.kind === 'special' && path.posix.basename(e.relative) === 'SKILL.md') {
      skipped.push({ path: e.absolute, reason: `SKILL.md is ${e.what ?? 'not a regular file'}, not a regular file; it was not opened, so this folder is not read as a skill` });
    }
    // Nor a folder called SKILL.md: it looks like a skill in a file browser, and agents cannot load it.
    if (e.kind === 'directory' && path.posix.basename(e.relative) === 'SKILL.md') {
      skipped.push({ path: e.absolute, reason: 'SKILL.md is a folder, not a regular file; this folder is not read as a skill' });
    }
  }
  if (skillDirs.includes('.')) skipped.push({ path: path.join(folder, 'SKILL.md'), reason: 'a SKILL.md directly in the skills folder is not a skill (it needs its own folder)' });

  let budget = limits.maxTotalBytes;
  const skills: LocalSkillFolder[] = [];
  for (const relativeDirectory of skillDirs.filter((d) => d !== '.').sort()) {
    const prefix = `${relativeDirectory}/`;
    const own = entries.filter((e) => e.relative.startsWith(prefix) && e.kind !== 'directory');
    // SKILL.md first, as a host reads it.
    own.sort((a, b) => (a.relative === `${prefix}SKILL.md` ? -1 : b.relative === `${prefix}SKILL.md` ? 1 : a.relative < b.relative ? -1 : 1));
    const files: LocalFile[] = [];
    // Past the limit nothing is opened, but every file is named: an unscanned file can hold anything.
    const notScanned = own.slice(limits.maxFilesPerSkill).map((e) => e.relative.slice(prefix.length));
    const skillTruncated = notScanned.length > 0;
    for (const entry of own.slice(0, limits.maxFilesPerSkill)) {
      const relative = entry.relative.slice(prefix.length);
      if (entry.kind === 'link-out') {
        files.push({ absolute: entry.absolute, relative, size: 0, executable: false, symlinkTarget: entry.target ?? '?', unread: 'a symbolic link out of the folder (not followed)' });
        continue;
      }
      if (entry.kind === 'unreadable') {
        files.push({ absolute: entry.absolute, relative, size: 0, executable: false, unread: entry.what ?? 'not read' });
        continue;
      }
      if (entry.kind === 'special') {
        files.push({ absolute: entry.absolute, relative, size: 0, executable: false, unread: `${entry.what ?? 'not a regular file'}, not a regular file; not opened` });
        continue;
      }
      if (entry.size > limits.maxFileBytes) {
        files.push({ absolute: entry.absolute, relative, size: entry.size, executable: entry.executable, unread: `${entry.size} bytes, over the ${limits.maxFileBytes}-byte limit` });
        continue;
      }
      if (entry.size > budget) {
        truncated = true;
        files.push({ absolute: entry.absolute, relative, size: entry.size, executable: entry.executable, unread: 'the folder’s reading budget is used up' });
        continue;
      }
      const read = await readSkillFile(entry.real ?? entry.absolute, limits.maxFileBytes);
      if (typeof read === 'string') {
        files.push({ absolute: entry.absolute, relative, size: entry.size, executable: entry.executable, unread: read });
        continue;
      }
      budget -= read.byteLength;
      files.push({ absolute: entry.absolute, relative, size: read.byteLength, bytes: read, executable: entry.executable });
    }
    if (skillTruncated) truncated = true;
    skills.push({ directory: path.join(folder, ...relativeDirectory.split('/')), relativeDirectory, files, truncated: skillTruncated, fileCount: own.length, notScanned });
  }
  return { root: folder, exists: true, skills, skipped, truncated };
}

/**
 * Why a listed name could not be examined, or undefined when it is simply gone.
 * Node decodes names as UTF-8; a name that is not (a 0xff byte) comes back with
 * U+FFFD in place of the bytes and no longer names the file.
 */
function unexaminable(child: Dirent, error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  const whole = child.isDirectory() ? 'it and everything in it were' : 'it was';
  if (child.name.includes('\uFFFD')) {
    return `${child.isDirectory() ? 'a folder whose name' : 'its name'} is not valid UTF-8 (shown with \uFFFD); it cannot be opened by its name, so ${whole} not read`;
  }
  if (code === 'ENOENT') return undefined;
  return `cannot be examined (${code ?? String(error)}), so ${whole} not read`;
}

/** Reads a regular file without following a link swapped in after the walk; a message when it cannot. */
async function readSkillFile(file: string, maxBytes: number): Promise<Buffer | string> {
  try {
    return await readRegularFile(file, { maxBytes, followSymlinks: false });
  } catch (error) {
    if (error instanceof NotARegularFile) return `${error.kind}, not a regular file; not read`;
    if (error instanceof FileTooLarge) return `over the ${maxBytes}-byte limit; not read`;
    const code = (error as NodeJS.ErrnoException).code;
    return `cannot be read (${code ?? String(error)})`;
  }
}

/** Reads one skill folder again (after a change on disk), with the same rules. */
export async function rescanSkillFolder(originFolder: string, relativeDirectory: string, limits: ScanLimits = DEFAULT_SCAN_LIMITS): Promise<LocalSkillFolder | undefined> {
  const scan = await scanFolder(originFolder, limits, relativeDirectory);
  return scan.skills.find((s) => s.relativeDirectory === relativeDirectory);
}
