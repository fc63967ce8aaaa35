// What each file of a skill is, from its exact bytes first and its name
// second: a program, a script, an image, text or other binary. Names lie;
// magic numbers and shebangs are what an operating system goes by.
import type { ReviewFileKind } from '../../../shared/review-model.js';
import { EXECUTABLE_EXTENSIONS, SCRIPT_EXTENSIONS, extensionOf } from '../../../shared/file-kinds.js';
import { imageFormat } from './image-metadata.js';
import { ownValue } from '../../../shared/data-record.js';

// The name tables are shared with the listing facts (what the listing alone tells, before any read).
export { baseName, extensionOf } from '../../../shared/file-kinds.js';

/** The program a native executable is for, from its first bytes, or undefined. */
function executableFormat(bytes: Uint8Array): string | undefined {
  const b = bytes;
  if (b.length >= 4 && b[0] === 0x7f && b[1] === 0x45 && b[2] === 0x4c && b[3] === 0x46) return 'Linux program (ELF)';
  if (b.length >= 0x40 && b[0] === 0x4d && b[1] === 0x5a) {
    // "MZ" alone could start a text file; a program also has a PE header where 0x3C points.
    const pe = b[0x3c]! | (b[0x3d]! << 8) | (b[0x3e]! << 16) | (b[0x3f]! << 24);
    if (pe > 0 && pe + 4 <= b.length && b[pe] === 0x50 && b[pe + 1] === 0x45 && b[pe + 2] === 0 && b[pe + 3] === 0) return 'Windows program (PE)';
  }
  if (b.length >= 4) {
    const magic = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
    if (magic === 0xfeedface || magic === 0xfeedfacf || magic === 0xcefaedfe || magic === 0xcffaedfe) return 'macOS program (Mach-O)';
    if (magic === 0xcafebabe) return 'macOS universal program or Java class';
    if (magic === 0x0061736d) return 'WebAssembly module';
  }
  return undefined;
}

/** The interpreter a `#!` line names, or undefined. */
function shebangOf(bytes: Uint8Array): string | undefined {
  if (bytes.length < 3 || bytes[0] !== 0x23 || bytes[1] !== 0x21) return undefined;
  const end = Math.min(bytes.length, 200);
  let line = '';
  for (let i = 2; i < end && bytes[i] !== 0x0a; i++) line += String.fromCharCode(bytes[i]!);
  return line.trim();
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export interface FileKindInfo {
  readonly kind: ReviewFileKind;
  /** For scripts and executables: what runs it, in words. */
  readonly runtime?: string;
  readonly reason?: string;
}

export function classifyFile(path: string, bytes: Uint8Array, options: { isSkillMd: boolean; executableBit?: boolean }): FileKindInfo {
  if (options.isSkillMd) return { kind: 'instructions' };
  const ext = extensionOf(path);
  const native = executableFormat(bytes);
  if (native) return { kind: 'executable', runtime: native, reason: 'its first bytes are those of a program' };
  if (EXECUTABLE_EXTENSIONS.has(ext)) return { kind: 'executable', runtime: `.${ext} file`, reason: `its name ends in .${ext}` };
  if (imageFormat(bytes) || ext === 'svg') return { kind: 'image' };
  const shebang = shebangOf(bytes);
  if (shebang !== undefined) return { kind: 'script', runtime: shebang.split(/[\\/]/).pop()?.replace(/^env\s+/, '') ?? shebang, reason: `it starts with "#!${shebang}"` };
  const runtime = ownValue(SCRIPT_EXTENSIONS, ext);
  if (runtime) return { kind: 'script', runtime, reason: `its name ends in .${ext}` };
  const text = isUtf8(bytes);
  if (text && options.executableBit) return { kind: 'script', runtime: 'a program', reason: 'it is marked executable' };
  if (!text) return { kind: 'binary' };
  if (ext === 'md' || ext === 'markdown' || ext === 'mdx') return { kind: 'markdown' };
  return { kind: 'text' };
}
