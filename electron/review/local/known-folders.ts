// The skill folders agents on this machine already read, and which agents
// read each. Paths from each host's documentation (see precedence.ts for the
// sources): Claude Code ~/.claude/skills and <project>/.claude/skills; Codex
// ~/.agents/skills, the legacy ~/.codex/skills and <project>/.agents/skills;
// Gemini CLI ~/.gemini/skills, <project>/.gemini/skills and the .agents alias;
// goose ~/.config/goose/skills, ~/.config/agents/skills, <project>/.goose/skills
// (and the Claude and .agents folders); VS Code / Copilot ~/.copilot/skills,
// <project>/.github/skills (and the Claude and .agents folders).
import path from 'node:path';
import type { HostId, LocalFolderKind } from '../../../shared/review-model.js';

export interface KnownFolder {
  readonly kind: LocalFolderKind;
  readonly scope: 'user' | 'project';
  /** Segments below the home or project folder. */
  readonly segments: readonly string[];
  readonly description: string;
  readonly hosts: readonly HostId[];
}

export const KNOWN_FOLDERS: readonly KnownFolder[] = [
  { kind: 'claude-user', scope: 'user', segments: ['.claude', 'skills'], description: 'Claude Code — your personal skills', hosts: ['claude-code', 'goose'] },
  { kind: 'agents-user', scope: 'user', segments: ['.agents', 'skills'], description: 'Shared agent skills (Codex, Gemini CLI, VS Code)', hosts: ['codex', 'gemini-cli', 'vscode'] },
  { kind: 'agents-config-user', scope: 'user', segments: ['.config', 'agents', 'skills'], description: 'Shared agent skills (goose)', hosts: ['goose'] },
  { kind: 'codex-user', scope: 'user', segments: ['.codex', 'skills'], description: 'Codex — your skills (older location, still read)', hosts: ['codex'] },
  { kind: 'gemini-user', scope: 'user', segments: ['.gemini', 'skills'], description: 'Gemini CLI — your skills', hosts: ['gemini-cli'] },
  { kind: 'goose-user', scope: 'user', segments: ['.config', 'goose', 'skills'], description: 'goose — your skills', hosts: ['goose'] },
  { kind: 'copilot-user', scope: 'user', segments: ['.copilot', 'skills'], description: 'GitHub Copilot / VS Code — your skills', hosts: ['vscode'] },
  { kind: 'claude-project', scope: 'project', segments: ['.claude', 'skills'], description: 'Claude Code — this project’s skills', hosts: ['claude-code', 'goose', 'vscode'] },
  { kind: 'agents-project', scope: 'project', segments: ['.agents', 'skills'], description: 'Shared agent skills of this project', hosts: ['codex', 'gemini-cli', 'goose', 'vscode'] },
  { kind: 'gemini-project', scope: 'project', segments: ['.gemini', 'skills'], description: 'Gemini CLI — this project’s skills', hosts: ['gemini-cli'] },
  { kind: 'goose-project', scope: 'project', segments: ['.goose', 'skills'], description: 'goose — this project’s skills', hosts: ['goose'] },
  { kind: 'github-project', scope: 'project', segments: ['.github', 'skills'], description: 'GitHub Copilot / VS Code — this project’s skills', hosts: ['vscode'] },
];

export function knownFolderPath(folder: KnownFolder, homeDir: string, projectDir: string): string {
  return path.join(folder.scope === 'user' ? homeDir : projectDir, ...folder.segments);
}

/** A path for display: the home folder shortened to ~. */
export function displayPath(absolute: string, homeDir: string): string {
  const relative = path.relative(homeDir, absolute);
  if (relative === '') return '~';
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) return `~/${relative.split(path.sep).join('/')}`;
  return absolute;
}
