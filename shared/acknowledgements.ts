// Naming the error-level findings a person acknowledges to approve a version:
// one key per finding (what the approve call carries and the main process
// checks), and the words that name it in the UI, in a refusal and in the
// audit log. Both sides use these, so the key the window sends is the key the
// handler expects.
import type { Acknowledgement } from './approvals-model.js';
import { pathInSkill } from './entry-diff.js';
import type { Finding } from './model.js';

/** A finding's identity within one version: its ID and where it is (file, line, column, field). */
export function findingKey(finding: Finding): string {
  const { fileUri, skillUri, line, column, field } = finding.location;
  return [finding.id, fileUri ?? skillUri ?? '', line ?? '', column ?? '', field ?? ''].join('|');
}

/** The error-level findings among these, once per key, as acknowledgements to ask for. */
export function acknowledgementsOf(findings: readonly Finding[], skillUri: string): Acknowledgement[] {
  const out = new Map<string, Acknowledgement>();
  for (const f of findings) {
    if (f.severity !== 'error') continue;
    const key = findingKey(f);
    if (out.has(key)) continue;
    const { fileUri, line, field } = f.location;
    out.set(key, {
      key,
      id: f.id,
      title: f.title,
      message: f.message,
      ...(fileUri !== undefined ? { fileUri, path: pathInSkill(fileUri, skillUri) } : {}),
      ...(line !== undefined ? { line } : {}),
      ...(field !== undefined ? { field } : {}),
      ...(f.excerpt !== undefined ? { excerpt: f.excerpt } : {}),
    });
  }
  return [...out.values()];
}

/** Where an acknowledged finding is, in words: `SKILL.md line 4`, `field allowed-tools`, or '' for the skill as a whole. */
export function placeOf(a: Pick<Acknowledgement, 'path' | 'line' | 'field'>): string {
  const parts = [a.path, a.line !== undefined ? `line ${a.line}` : undefined, a.field !== undefined ? `field ${a.field}` : undefined].filter(Boolean);
  return parts.join(' ');
}

/** One finding named in a sentence: `Downloads code and runs it (risk-fetch-and-run, SKILL.md line 4)`. */
export function nameOf(a: Acknowledgement): string {
  const place = placeOf(a);
  return `${a.title} (${a.id}${place ? `, ${place}` : ''})`;
}
