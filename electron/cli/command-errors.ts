// The errors a command can end with that the dispatcher (run.ts) words itself.
// They live apart from the commands so that the dispatcher loads only the one
// command it runs: a `demo-server` started a hundred times by `check --all`
// should not load the client, the review and the lockfile code each time.

/** A lockfile that cannot be used, with the file and the exact place that is wrong. */
export class LockfileError extends Error {
  override readonly name = 'LockfileError';
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}

/** A server the command could not connect to. */
export class ConnectFailure extends Error {
  override readonly name = 'ConnectFailure';
}
