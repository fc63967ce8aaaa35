// What a stdio server wrote that the app could not read as it meant it, said
// in words. Two ways a server's stdout goes wrong without the SDK saying so:
//   - bytes with no line break: a server that writes 10 MB of anything and no
//     line break (under the message cap) leaves the stream inside one line, so
//     its next answer is the end of a line that is not JSON and is skipped; the
//     request waited out its timeout and nothing said why. The timeout now says
//     what the server wrote (unreadOutputSince).
//   - bytes that are not UTF-8: read as U+FFFD, as JSON-RPC text is UTF-8; the
//     log now says where (invalidUtf8Note). A file's bytes are still held to
//     its digest, so nothing unverified is shown as verified.
import { invalidUtf8At } from '../storage/utf8.js';

/** One line the read buffer holds or held: its size, and when its first byte came. */
export interface StdoutLine {
  readonly bytes: number;
  readonly since: number;
}

/** A line skipped because it is not JSON, and when it ended. */
export interface SkippedLine extends StdoutLine {
  readonly ended: number;
}

/** What the stdout stream holds that no request could have read, for a request sent at `sentAt`; undefined when nothing. */
export function unreadOutputSince(sentAt: number, unfinished: StdoutLine | undefined, skipped: SkippedLine | undefined): string | undefined {
  if (unfinished && unfinished.bytes > 0) {
    return `the server has written ${unfinished.bytes} bytes to stdout without a line break since ${iso(unfinished.since)}; whatever it writes up to its next line break is read as part of that one line.`;
  }
  if (skipped && skipped.ended >= sentAt) {
    return `the server's stdout line that ended at ${iso(skipped.ended)} is not JSON (${skipped.bytes} bytes, written without a line break since ${iso(skipped.since)}), so an answer at its end could not be read.`;
  }
  return undefined;
}

/** How many lines with bytes that are not UTF-8 are noted; a server that sends nothing else cannot fill the log with them. */
export const INVALID_UTF8_NOTED = 5;

/**
 * The note for a line that is not all UTF-8, or undefined when it is. `line` is
 * 1-based among the stream's lines, `lineOffset` the stream offset of its first byte.
 */
export function invalidUtf8Note(bytes: Buffer, line: number, lineOffset: number): string | undefined {
  const at = invalidUtf8At(bytes);
  if (at < 0) return undefined;
  return `The server wrote bytes that are not UTF-8 to stdout, in its line ${line} at byte ${at} of the line (byte ${lineOffset + at} of its stdout); they were read as U+FFFD (\ufffd). Text it sends is UTF-8 in JSON-RPC, and a file\u2019s bytes are still checked against its digest.`;
}

const iso = (ms: number) => new Date(ms).toISOString();
