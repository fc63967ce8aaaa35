// A server that goes quiet mid-line has the line given out as it stands,
// marked unfinished (the protocol log calls flush after a quiet second); what
// it writes next on that line is a line of its own, and a line break alone
// after it ends the line without making an empty one.
import { describe, expect, test } from 'vitest';
import { StderrLines } from './stderr-lines.js';

describe('StderrLines.flush', () => {
  test('gives out the held line as it stands, marked unfinished; the rest of it is a line of its own', () => {
    const lines = new StderrLines();
    expect(lines.take('starting\nEnter passphrase: ')).toEqual([{ text: 'starting', chars: 8, clipped: false }]);
    expect(lines.flush()).toEqual([{ text: 'Enter passphrase: ', chars: 18, clipped: false, unfinished: true }]);
    expect(lines.holding).toBe(false);
    expect(lines.flush()).toEqual([]);
    expect(lines.take('accepted\nnext\n')).toEqual([
      { text: 'accepted', chars: 8, clipped: false },
      { text: 'next', chars: 4, clipped: false },
    ]);
  });

  test('a line break alone after an unfinished line ends it: no empty line the server never wrote', () => {
    const lines = new StderrLines();
    lines.take('loading… ');
    lines.flush();
    expect(lines.take('\n\nnext\n')).toEqual([
      { text: '', chars: 0, clipped: false },
      { text: 'next', chars: 4, clipped: false },
    ]);
  });

  test('a CR at the end of the unfinished line is kept back as the start of its line break', () => {
    const lines = new StderrLines();
    lines.take('ready\r');
    expect(lines.flush()).toEqual([{ text: 'ready', chars: 5, clipped: false, unfinished: true }]);
    expect(lines.held()).toBe('');
    expect(lines.flush()).toEqual([]);
    expect(lines.take('\nnext\n')).toEqual([{ text: 'next', chars: 4, clipped: false }]);
  });

  test('the stream ending after an unfinished line adds nothing; the rest of it, when there is one, is a line', () => {
    const bare = new StderrLines();
    bare.take('Enter passphrase: ');
    bare.flush();
    expect(bare.end()).toEqual([]);
    const withCr = new StderrLines();
    withCr.take('ready\r');
    withCr.flush();
    expect(withCr.end()).toEqual([]);
    const rest = new StderrLines();
    rest.take('Enter passphrase: ');
    rest.flush();
    rest.take('timed out');
    expect(rest.end()).toEqual([{ text: 'timed out', chars: 9, clipped: false }]);
  });

  test('a line clipped at 64 KiB has nothing left to give out until its line break', () => {
    const lines = new StderrLines();
    expect(lines.take('x'.repeat(70_000))[0]?.clipped).toBe(true);
    expect(lines.flush()).toEqual([]);
    expect(lines.take('y\nafter\n')).toEqual([{ text: 'after', chars: 5, clipped: false }]);
  });
});
