// What the user sees before anything is written: the host file's new text
// and a unified diff of the change (the `diff` package).
import { createTwoFilesPatch } from 'diff';

export function unifiedDiff(file: string, before: string | undefined, after: string): string {
  return createTwoFilesPatch(before === undefined ? '/dev/null' : file, file, before ?? '', after, undefined, undefined, { context: 3 });
}
