// Splitting a SKILL.md into its frontmatter block and its body.

export function stripFrontmatter(text: string): string {
  const match = /^\uFEFF?---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  return match ? text.slice(match[0].length) : text;
}

/** The YAML between the opening and closing `---`, or undefined when there is none. */
export function frontmatterText(text: string): string | undefined {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  return match?.[1];
}
