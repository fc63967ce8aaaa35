// The walk the markdown's rehype steps share: each child of each node is
// offered to `replace`; what it returns takes the child's place, and a child
// it leaves is walked in turn. A stack, never recursion: the tree comes from
// a server's bytes, so its depth is theirs to choose.

/** The hast shapes the steps touch (hast's own types are not a dependency of ours). */
export interface HastTreeNode {
  type: string;
  children?: HastTreeNode[];
}
export interface HastElement extends HastTreeNode {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastTreeNode[];
}
/** A text run, or raw HTML as the markdown held it. */
export interface HastLeaf extends HastTreeNode {
  type: 'text' | 'raw';
  value: string;
}

/** Replaces, in place, every child for which `replace` returns a node; walks into the others. */
export function replaceChildren<N extends HastTreeNode>(tree: N, replace: (child: N, parent: N) => N | undefined): void {
  const stack: N[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const children = node.children as N[] | undefined;
    if (!children) continue;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const replacement = replace(child, node);
      if (replacement !== undefined) children[i] = replacement;
      else if (child.children) stack.push(child);
    }
  }
}
