// isHttpUrl is the contract's old URL pattern without its backtracking: the same answer on any text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHttpUrl } from './http-url.js';

const OLD_PATTERN = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

describe('isHttpUrl', () => {
  it('answers as /^https?:\\/\\/[^\\s/?#]+[^\\s]*$/i does', () => {
    const piece = fc.constantFrom('http://', 'HTTPS://', 'https:/', 'h', 'a', '/', '?', '#', ' ', '\n', '\t', '\u00a0', '\u2028', '\ufeff', 'é', ':', '%20');
    const text = fc.oneof(fc.string(), fc.array(piece, { maxLength: 12 }).map((p) => p.join('')));
    fc.assert(fc.property(text, (url) => isHttpUrl(url) === OLD_PATTERN.test(url)), { numRuns: 5000 });
  });

  it('takes the URLs people type and refuses the rest', () => {
    expect(['http://localhost:3000/mcp', 'https://h.example/sse?x=1#y', 'HTTP://[::1]:8080'].map(isHttpUrl)).toEqual([true, true, true]);
    expect(['ftp://h', 'http:///path', 'https://h x', 'https://h\n', ' https://h', 'http://?q'].map(isHttpUrl)).toEqual([false, false, false, false, false, false]);
  });
});
