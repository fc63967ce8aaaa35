// A mistake in how the command was called: exit code 2, with the message and a pointer to `help`.
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
