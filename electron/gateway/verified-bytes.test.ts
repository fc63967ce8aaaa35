import { describe, expect, it } from 'vitest';
import { VerifiedBytes } from './verified-bytes.js';

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

describe('VerifiedBytes', () => {
  it('reads a file once, then answers from memory for the same server and digest', async () => {
    const cache = new VerifiedBytes(100);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return bytes(10);
    };
    expect(await cache.get('s1', 'sha256:a', read)).toEqual(bytes(10));
    expect(await cache.get('s1', 'sha256:a', read)).toEqual(bytes(10));
    expect(reads).toBe(1);
    // Another server's store is another file: read on its own.
    await cache.get('s2', 'sha256:a', read);
    expect(reads).toBe(2);
  });

  it('keeps no more bytes than its limit: the least recently read go first, a file larger than the limit is never kept', async () => {
    const cache = new VerifiedBytes(25);
    const reads: string[] = [];
    const reader = (name: string, n: number) => async () => {
      reads.push(name);
      return bytes(n);
    };
    await cache.get('s', 'a', reader('a', 10));
    await cache.get('s', 'b', reader('b', 10));
    await cache.get('s', 'a', reader('a', 10));
    await cache.get('s', 'c', reader('c', 10));
    await cache.get('s', 'a', reader('a', 10));
    await cache.get('s', 'b', reader('b', 10));
    await cache.get('s', 'big', reader('big', 30));
    await cache.get('s', 'big', reader('big', 30));
    expect(reads).toEqual(['a', 'b', 'c', 'b', 'big', 'big']);
  });

  it('keeps nothing when the read fails: the next asks the disk again', async () => {
    const cache = new VerifiedBytes(100);
    await expect(cache.get('s', 'a', async () => Promise.reject(new Error('damaged')))).rejects.toThrow('damaged');
    expect(await cache.get('s', 'a', async () => bytes(3, 7))).toEqual(bytes(3, 7));
  });

  it('keeps an empty file too', async () => {
    const cache = new VerifiedBytes(10);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return new Uint8Array(0);
    };
    await cache.get('s', 'e', read);
    await cache.get('s', 'e', read);
    expect(reads).toBe(1);
  });
});
