// Deleting is writing too, so it lives here with the other writers: a removed
// server's snapshots and history go through this one function.
import { promises as fs } from 'node:fs';

/** Removes a file or a whole folder; nothing there is not an error. */
export async function removePath(target: string): Promise<void> {
  await fs.rm(target, { recursive: true, force: true, maxRetries: 3 });
}
