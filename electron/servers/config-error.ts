/** A config that cannot be imported; the message starts with the file (or "pasted JSON") and says what is wrong. */
export class ConfigError extends Error {
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(`${source}: ${message}`);
    this.name = 'ConfigError';
  }
}
