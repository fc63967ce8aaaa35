// How approvals screens write digests, sizes and times: digests whole where
// they are the evidence, shortened where they only name a version.
import { formatTime } from '../../components/format-time.js';

export function shortDigest(digest: string): string {
  return digest.startsWith('sha256:') ? `${digest.slice(7, 19)}…` : digest || '(none)';
}

export function bytes(size: number): string {
  return `${size.toLocaleString()} byte${size === 1 ? '' : 's'}`;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** A recorded time, or a dash where there is none (never approved, never revoked). */
export function when(iso: string | undefined): string {
  return iso ? formatTime(iso) : '—';
}
