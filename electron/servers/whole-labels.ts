// A server's label as servers.json may hold it from a hand edit or an older
// version: half of a character (a UTF-16 surrogate on its own, "\ud800" in the
// file), which the contract now refuses (shared/server-label.ts). Refusing the
// whole file for it would lose every server, so on load each half becomes
// U+FFFD, the server is kept, and the "Repaired servers.json" alert says so.
import { loneSurrogateIn } from '../../shared/skill-uri.js';
import { uniqueLabel } from './unique-label.js';

/** `label` with every lone surrogate replaced by U+FFFD, and what was replaced (`U+D800 at character 2`). */
function wholeCharacters(label: string): { text: string; replaced: string[] } {
  let text = label;
  const replaced: string[] = [];
  for (let lone = loneSurrogateIn(text); lone; lone = loneSurrogateIn(text)) {
    replaced.push(`U+${lone.codeUnit.toString(16).toUpperCase()} at character ${lone.index + 1}`);
    text = `${text.slice(0, lone.index)}\uFFFD${text.slice(lone.index + 1)}`;
  }
  return { text, replaced };
}

/**
 * Gives every label holding a lone surrogate U+FFFD in its place; a label that
 * then reads as another server's (case does not count, as everywhere) is
 * numbered like any taken label. Every server is kept; `notes` name each one.
 */
export function withWholeLabels<T extends { readonly label: string }>(servers: readonly T[]): { servers: T[]; notes: string[] } {
  const notes: string[] = [];
  const labels = servers.map((s) => s.label);
  const out = servers.map((server, i) => {
    const { text, replaced } = wholeCharacters(server.label);
    if (replaced.length === 0) return server;
    const others = labels.filter((_, j) => j !== i);
    // Numbered only when taken: uniqueLabel also tidies whitespace, which a label that is free keeps as it was.
    const label = others.some((l) => l.toLowerCase() === text.toLowerCase()) ? uniqueLabel(text, others) : text;
    labels[i] = label;
    notes.push(`${JSON.stringify(server.label)} is now ${JSON.stringify(label)} (${replaced.join(', ')})`);
    return { ...server, label };
  });
  return { servers: out, notes };
}

/** The repair notice's sentence for `notes` from withWholeLabels, without its full stop. */
export function wholeLabelsWords(notes: readonly string[]): string {
  const many = notes.length !== 1;
  return `${notes.length} server label${many ? 's' : ''} held half of a character (a lone UTF-16 surrogate, which has no UTF-8 form and which servers.json could keep only as an escape other programs refuse); each half is now U+FFFD (\uFFFD): ${notes.join('; ')}. The server${many ? 's were' : ' was'} kept`;
}
