import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { progressTo, wantsColour } from './streams.js';

const saved = process.env['NO_COLOR'];
afterEach(() => {
  if (saved === undefined) delete process.env['NO_COLOR'];
  else process.env['NO_COLOR'] = saved;
});

function stream(isTTY: boolean): PassThrough {
  return Object.assign(new PassThrough(), { isTTY });
}

describe('where output goes', () => {
  it('colours only a terminal, and never under NO_COLOR', () => {
    delete process.env['NO_COLOR'];
    expect(wantsColour(stream(true))).toBe(true);
    expect(wantsColour(stream(false))).toBe(false);
    expect(wantsColour(new PassThrough())).toBe(false);
    process.env['NO_COLOR'] = '1';
    expect(wantsColour(stream(true))).toBe(false);
    // An empty NO_COLOR does not count (no-color.org).
    process.env['NO_COLOR'] = '';
    expect(wantsColour(stream(true))).toBe(true);
  });

  it('writes progress lines, or nothing when quiet', () => {
    const err = new PassThrough();
    progressTo(err)('Listing skills…');
    progressTo(err, true)('hidden');
    expect(err.read()?.toString()).toBe('Listing skills…\n');
  });
});
