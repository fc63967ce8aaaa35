// Turns the flat list from 'skills.tree' into nested folders for the tree
// view. Files outside the skill root (which a hostile directory listing can
// name) go in a group of their own, never inside the skill's folders.
import type { TreeNodeData } from '@mantine/core';
import type { SkillTreeNode } from '../../../../shared/model.js';

export const OUTSIDE_GROUP = 'group:outside';

export function buildFileTree(nodes: readonly SkillTreeNode[], skillUri: string): { data: TreeNodeData[]; files: Map<string, SkillTreeNode> } {
  const root: TreeNodeData[] = [];
  const dirs = new Map<string, TreeNodeData>();
  const files = new Map<string, SkillTreeNode>();
  const outside: TreeNodeData[] = [];
  const skillRoot = skillUri.slice(0, skillUri.length - 'SKILL.md'.length);

  const dirFor = (segments: readonly string[]): TreeNodeData[] => {
    let children = root;
    let path = '';
    for (const segment of segments) {
      path = path ? `${path}/${segment}` : segment;
      let dir = dirs.get(path);
      if (!dir) {
        dir = { value: `dir:${path}`, label: segment, children: [] };
        dirs.set(path, dir);
        children.push(dir);
      }
      children = dir.children!;
    }
    return children;
  };

  for (const node of [...nodes].sort((a, b) => sortKey(a).localeCompare(sortKey(b)))) {
    const inside = node.uri.startsWith(skillRoot) && !node.path.includes('://');
    if (!inside) {
      if (node.kind === 'file') {
        files.set(node.uri, node);
        outside.push({ value: node.uri, label: node.uri });
      }
      continue;
    }
    const segments = node.path.split('/').filter(Boolean);
    if (node.kind === 'directory') {
      dirFor(segments);
      continue;
    }
    files.set(node.uri, node);
    dirFor(segments.slice(0, -1)).push({ value: node.uri, label: segments[segments.length - 1] ?? node.path });
  }
  sortLevel(root);
  if (outside.length > 0) root.push({ value: OUTSIDE_GROUP, label: 'Outside the skill root', children: outside });
  return { data: root, files };
}

/** SKILL.md first, then folders before files, each alphabetically. */
function sortLevel(level: TreeNodeData[]): void {
  level.sort((a, b) => rank(a) - rank(b) || String(a.label).localeCompare(String(b.label)));
  for (const node of level) if (node.children) sortLevel(node.children);
}

function rank(node: TreeNodeData): number {
  if (node.label === 'SKILL.md') return 0;
  return node.children ? 1 : 2;
}

function sortKey(node: SkillTreeNode): string {
  return node.path;
}
