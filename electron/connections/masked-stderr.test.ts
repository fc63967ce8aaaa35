// MaskedStderr read by read: what is shown after each read, exactly.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECRET_MASK } from '../../shared/secret-args.js';
import { MaskedStderr } from './masked-stderr.js';
import { SentSecrets } from './sent-secrets.js';

const KEY = 'sk-live-Q7f3a9c2e1b5';

function reads(secrets: string[], ...chunks: (string | Buffer)[]) {
  const shown: string[][] = [];
  const masked = new MaskedStderr(new SentSecrets(secrets), (text) => shown.at(-1)!.push(text));
  for (const chunk of chunks) {
    shown.push([]);
    masked.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  shown.push([]);
  masked.end();
  return shown;
}

describe('MaskedStderr', () => {
  it('shows a read at once when its end cannot begin a secret', () => {
    expect(reads([KEY], 'starting on port 80', 'ok\n')).toEqual([['starting on port 80'], ['ok\n'], []]);
  });

  it('holds the unfinished line whose end could begin a secret until the next read says, then shows it whole and masked', () => {
    expect(reads([KEY], 'ready\nbad key sk-li', `ve-Q7f3a9c2e1b5 (rejected)\n`)).toEqual([['ready\n'], [`bad key ${SECRET_MASK} (rejected)\n`], []]);
  });

  it('shows what it held once the next read shows it was no secret', () => {
    expect(reads([KEY], 'skipping sk-', 'lint\n')).toEqual([[], ['skipping sk-lint\n'], []]);
  });

  it('shows a line ending in what could begin a secret at once, as no secret here has a line break in it', () => {
    // A server that says this and then nothing more: the line is the one the person needs.
    expect(reads([KEY], 'bad key sk-\n')).toEqual([['bad key sk-\n'], []]);
    expect(reads([KEY], 'bad key sk-live\r\n')).toEqual([['bad key sk-live\r\n'], []]);
    // Held at a read's end with no line break (the next read may finish the secret), shown when the line ends.
    expect(reads([KEY], 'ready\nbad key sk-', '\n')).toEqual([['ready\n'], ['bad key sk-\n'], []]);
  });

  it('holds across a line break only for a secret that has one in it', () => {
    // A multi-line value (a PEM key in an env setting) can be echoed whole: its first line may begin it.
    const pem = '-----BEGIN KEY-----\nMIIEvQIB\n-----END KEY-----';
    expect(reads([pem], 'got -----BEGIN KEY-----\n', 'MIIEvQIB\n-----END KEY----- back\n')).toEqual([[], [`got ${SECRET_MASK} back\n`], []]);
    expect(reads([pem], 'got -----BEGIN KEY-----\n', 'and more\n')).toEqual([[], ['got -----BEGIN KEY-----\nand more\n'], []]);
    // Percent-decoded, a %0A in a secret is a line break of its form as well.
    expect(reads(['abcd%0Aefgh'], 'key abcd\n', 'efgh ok\n')).toEqual([[], [`key ${SECRET_MASK} ok\n`], []]);
  });

  it('masks a value pasted with a line break around it where the server says it bare, and keeps the line break', () => {
    // Mid-line (the server trimmed it), and said back whole: the next line stays a line of its own.
    expect(reads([`${KEY}\n`], `bad key ${KEY} rejected\n`)).toEqual([[`bad key ${SECRET_MASK} rejected\n`], []]);
    expect(reads([` ${KEY}\r\n`], `bad key ${KEY}\nnext\n`)).toEqual([[`bad key ${SECRET_MASK}\nnext\n`], []]);
    // Its encoded forms as sent hold the break inside them: masked whole.
    expect(reads([`${KEY}\n`], `sent ${encodeURIComponent(`${KEY}\n`)} back\n`)).toEqual([[`sent ${SECRET_MASK} back\n`], []]);
  });

  it('shows what it still holds at the end of the stream, a secret cut short there masked', () => {
    expect(reads([KEY], 'bad key sk-live-Q7', 'f3a9c2e1b5')).toEqual([[], [`bad key ${SECRET_MASK}`], []]);
    expect(reads([KEY], 'bad key sk-live-Q7')).toEqual([[], [`bad key ${SECRET_MASK}`]]);
    // Shorter than any secret the masker looks for: words, not a secret's start.
    expect(reads([KEY], 'ask sk-')).toEqual([[], ['ask sk-']]);
  });

  it('holds only the possible secret of an unfinished line longer than it keeps whole', () => {
    const long = 'x'.repeat(5000);
    expect(reads([KEY], `${long} sk-live`, '-Q7f3a9c2e1b5\n')).toEqual([[`${long} `], [`${SECRET_MASK}\n`], []]);
  });

  it('does not cut a whole secret in two where another begins at its end', () => {
    // "abcd-1234" is whole in the first read; its end "1234-" could begin the other secret.
    expect(reads(['abcd-1234', '1234-wxyz'], 'key abcd-1234-', 'done\n')).toEqual([[], [`key ${SECRET_MASK}-done\n`], []]);
  });

  it('decodes a character cut across two reads, with no secret to mask as well', () => {
    const bytes = Buffer.from('größe ok\n');
    expect(reads([], bytes.subarray(0, 3), bytes.subarray(3))).toEqual([['gr'], ['öße ok\n'], []]);
  });

  describe('a server quiet after what could begin a secret (a prompt)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Each step is a read, or 'quiet' (the held-back text's quiet time passes); what each showed, a quiet release marked. */
    function steps(secrets: string[], ...chunks: (string | 'quiet')[]) {
      vi.useFakeTimers();
      const shown: string[][] = [];
      const masked = new MaskedStderr(new SentSecrets(secrets), (text, quiet) => shown.at(-1)!.push(quiet ? `${text} (quiet)` : text), 1_000);
      for (const chunk of chunks) {
        shown.push([]);
        if (chunk === 'quiet') vi.advanceTimersByTime(1_000);
        else masked.write(Buffer.from(chunk));
      }
      shown.push([]);
      masked.end();
      return shown;
    }

    it('shows the held line once quiet, a possible start shorter than any secret in clear; nothing before', () => {
      expect(steps([KEY], 'Paste the key that begins sk-')).toEqual([[], ['Paste the key that begins sk-']]);
      vi.useRealTimers();
      expect(steps([KEY], 'Paste the key that begins sk-', 'quiet', 'quiet')).toEqual([[], ['Paste the key that begins sk- (quiet)'], [], []]);
    });

    it('masks the rest of the secret its start was shown in clear for, and shows what follows', () => {
      expect(steps([KEY], 'begins sk-', 'quiet', 'live-Q7f3a9c2e1b5 refused\n')).toEqual([[], ['begins sk- (quiet)'], [SECRET_MASK, ' refused\n'], []]);
      vi.useRealTimers();
      // The rest in pieces: still the secret's after a quiet release, then masked once it is as long as one.
      expect(steps([KEY], 'begins sk-', 'quiet', 'l', 'quiet', 'ive-Q7f3', 'quiet', 'a9c2e1b5\n')).toEqual([
        [],
        ['begins sk- (quiet)'],
        [],
        [`${SECRET_MASK} (quiet)`],
        [],
        [],
        ['\n'],
        [],
      ]);
    });

    it('masks a possible start as long as a secret, and shows nothing of its rest', () => {
      expect(steps([KEY], 'bad key sk-live', 'quiet', '-Q7f3a9c2e1b5 was refused\n')).toEqual([[], [`bad key ${SECRET_MASK} (quiet)`], [' was refused\n'], []]);
      vi.useRealTimers();
      // The stream ends with the secret still unfinished: nothing more is shown.
      expect(steps([KEY], 'bad key sk-live', 'quiet', '-Q7')).toEqual([[], [`bad key ${SECRET_MASK} (quiet)`], [], []]);
    });

    it('shows what follows a start that was no secret as written, and masks a secret after it', () => {
      expect(steps([KEY], 'Continue? [y/n] s', 'quiet', 'kipped\n')).toEqual([[], ['Continue? [y/n] s (quiet)'], ['kipped\n'], []]);
      vi.useRealTimers();
      expect(steps([KEY], 'Continue? s', 'quiet', `o ${KEY}\n`)).toEqual([[], ['Continue? s (quiet)'], [`o ${SECRET_MASK}\n`], []]);
    });
  });
});
