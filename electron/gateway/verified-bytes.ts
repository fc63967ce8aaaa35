// The gateway's bounded memory of snapshot bytes it has already read and
// hashed. A host reads the same few files again and again (SKILL.md at every
// session, a reference when asked); going to the disk for each costs an open, a
// stat, a read and a close through libuv's pool — more than the upstream
// server's in-memory answer. Bytes enter only after they hashed to the digest
// they are kept under, so what comes out is the approved bytes, whatever later
// happens to the file on disk; the gateway still hashes what it sends
// (served-skill.ts servedBytes).
import { LRUCache } from 'lru-cache';

const keyOf = (serverId: string, digest: string) => `${serverId}\n${digest}`;

/** Enough for every file of a large approved catalog; past it the least recently read files are read from disk again. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

export class VerifiedBytes {
  private readonly cache: LRUCache<string, Uint8Array>;

  constructor(maxBytes = DEFAULT_CACHE_BYTES) {
    // A zero-length file still takes a slot: lru-cache needs a positive size.
    this.cache = new LRUCache<string, Uint8Array>({ maxSize: maxBytes, sizeCalculation: (bytes) => Math.max(1, bytes.byteLength) });
  }

  /** Room left before the least recently read bytes would go. */
  get freeBytes(): number {
    return this.cache.maxSize - this.cache.calculatedSize;
  }

  has(serverId: string, digest: string): boolean {
    return this.cache.has(keyOf(serverId, digest));
  }

  /** The bytes kept for (server, digest), without waiting: a read that finds them needs no promise. */
  kept(serverId: string, digest: string): Uint8Array | undefined {
    return this.cache.get(keyOf(serverId, digest));
  }

  /** Keeps bytes the caller already checked against `digest`. */
  keep(serverId: string, digest: string, bytes: Uint8Array): void {
    if (bytes.byteLength <= this.cache.maxSize) this.cache.set(keyOf(serverId, digest), bytes);
  }

  /** The bytes kept for (server, digest), or those `read` returns (already checked against the digest), then kept. */
  async get(serverId: string, digest: string, read: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const kept = this.kept(serverId, digest);
    if (kept) return kept;
    const bytes = await read();
    // A file larger than the whole cache is served but not kept.
    this.keep(serverId, digest, bytes);
    return bytes;
  }
}
