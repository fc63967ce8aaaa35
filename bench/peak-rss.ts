// The peak resident memory of this process, as its own. `resourceUsage().maxRSS`
// is not that on Linux: a spawned process starts with the high-water mark of
// the process it was forked from (the bench's main process, 200 MB and more
// after a few steps), so every run under that size reported the parent's
// figure. The kernel's VmHWM belongs to the address space, which exec
// replaces, so it counts this process's pages only.
import { readFileSync } from 'node:fs';

export function peakRssMb(): number {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // Not Linux: maxRSS below.
  }
  // maxRSS is in kilobytes.
  return process.resourceUsage().maxRSS / 1024;
}
