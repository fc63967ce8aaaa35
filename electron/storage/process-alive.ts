// Whether a process id names a process running on this host now: what the
// stores' sweeps and the instance lock ask of the pid a writer put in a file
// name or a lock before deciding that what it left is a leftover.

/** kill(pid, 0) succeeds, or fails with EPERM (the pid runs, as another user). A pid of 0 or below names a process group, never a writer. */
export function pidRuns(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
