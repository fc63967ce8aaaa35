import { describe, expect, it } from 'vitest';
import { invalidUtf8At } from '../storage/utf8.js';
import { invalidUtf8Note, unreadOutputSince } from './unread-stdout.js';

const bytes = (...b: number[]) => Buffer.from(b);

describe('invalidUtf8At: where Buffer.isUtf8 says no', () => {
  it.each([
    ['a Latin-1 é', bytes(0x63, 0x61, 0x66, 0xe9), 3],
    ['a lone continuation byte', bytes(0x61, 0x80), 1],
    ['an overlong "/" (C0 AF)', bytes(0xc0, 0xaf), 0],
    ['an overlong three-byte form (E0 80 AF)', bytes(0x61, 0xe0, 0x80, 0xaf), 1],
    ['a UTF-16 surrogate (ED A0 80)', bytes(0x61, 0x62, 0xed, 0xa0, 0x80), 2],
    ['past U+10FFFF (F4 90 80 80)', bytes(0xf4, 0x90, 0x80, 0x80), 0],
    ['a sequence cut at the end', bytes(0x61, 0xe2, 0x82), 1],
    ['a sequence cut by ASCII', bytes(0xe2, 0x41, 0x41), 0],
  ])('%s', (_name, input, at) => {
    expect(invalidUtf8At(input)).toBe(at);
  });

  it('a real U+FFFD and four-byte characters before the bad byte are read past', () => {
    const line = Buffer.concat([Buffer.from('\ufffd😀é'), bytes(0xff)]);
    expect(invalidUtf8At(line)).toBe(3 + 4 + 2);
    expect(invalidUtf8Note(line, 7, 100)).toContain('in its line 7 at byte 9 of the line (byte 109 of its stdout)');
  });

  it('valid UTF-8 is no note', () => {
    expect(invalidUtf8Note(Buffer.from('{"name":"café \ufffd 😀"}'), 1, 0)).toBeUndefined();
  });
});

describe('unreadOutputSince', () => {
  it('a line skipped before the request was sent is not its cause; nothing unread is nothing said', () => {
    expect(unreadOutputSince(2_000, undefined, { bytes: 10, since: 500, ended: 1_000 })).toBeUndefined();
    expect(unreadOutputSince(2_000, undefined, undefined)).toBeUndefined();
    expect(unreadOutputSince(0, { bytes: 5, since: 0 }, undefined)).toBe(
      'the server has written 5 bytes to stdout without a line break since 1970-01-01T00:00:00.000Z; whatever it writes up to its next line break is read as part of that one line.',
    );
  });
});
