// What a file's name says it is: the extensions of scripts (with what runs
// them) and of programs. Pure tables, so the listing facts (shared/
// listing-facts.ts, before any read) and the review's classification of the
// exact bytes (electron/review/rules/file-kinds.ts) go by the same names.

export const SCRIPT_EXTENSIONS: Readonly<Record<string, string>> = {
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  ksh: 'shell',
  fish: 'shell',
  command: 'shell',
  ps1: 'PowerShell',
  psm1: 'PowerShell',
  bat: 'Windows batch',
  cmd: 'Windows batch',
  vbs: 'VBScript',
  py: 'Python',
  pyw: 'Python',
  js: 'JavaScript',
  mjs: 'JavaScript',
  cjs: 'JavaScript',
  ts: 'TypeScript',
  mts: 'TypeScript',
  rb: 'Ruby',
  pl: 'Perl',
  php: 'PHP',
  lua: 'Lua',
  r: 'R',
  applescript: 'AppleScript',
  scpt: 'AppleScript',
  swift: 'Swift',
  go: 'Go',
};

// Not .bin: model weights and data dumps use it far more often than programs.
export const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set(['exe', 'dll', 'so', 'dylib', 'msi', 'appimage', 'deb', 'rpm', 'apk', 'jar', 'class', 'wasm', 'com', 'scr', 'elf', 'dmg']);

/** The lower-case extension of a `/`-separated path's last segment ("" for none, or a dot file). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
