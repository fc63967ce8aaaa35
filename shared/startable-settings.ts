// What no program can be given, so a server's settings must not hold it: a NUL
// character ends a C string, so no command, argument, environment value, path
// or header can carry one (it failed only at connect time, naming neither the
// field nor the server); and an environment variable's name that is empty or
// holds "=" is read by the system up to its first "=", so "A=B": "1" reached
// the server as A="B=1". A config import, the form and the contract refuse
// them with the same words.

/** "holds a NUL character (at character 4), …" for a value with a NUL, or undefined. */
export function nulIn(value: string): string | undefined {
  const at = value.indexOf('\u0000');
  return at < 0 ? undefined : `holds a NUL character (at character ${at + 1}), which no program can be given`;
}

/** Why `name` cannot be an environment variable's name, or undefined. */
export function badEnvName(name: string): string | undefined {
  const why =
    name === ''
      ? 'it is empty'
      : name.includes('=')
        ? `a name cannot hold "=" (the server would get ${name.slice(0, name.indexOf('='))} set to "${name.slice(name.indexOf('=') + 1)}=…")`
        : name.includes('\u0000')
          ? 'a name cannot hold a NUL character'
          : undefined;
  return why === undefined ? undefined : `${JSON.stringify(name)} cannot be an environment variable name: ${why}`;
}

export interface SettingIssue {
  /** The field within the transport: ['args'], ['env'], … */
  readonly path: readonly string[];
  readonly message: string;
}

interface TransportValues {
  readonly kind: string;
  readonly command?: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string | undefined;
  readonly headers?: Readonly<Record<string, string>>;
  readonly bearerToken?: string | undefined;
}

/** Every value of a transport that no program can be given, each with its field (the first of each field is enough to fix). */
export function unstartableSettings(transport: TransportValues): SettingIssue[] {
  const issues: SettingIssue[] = [];
  const one = (field: string, what: string, value: string | undefined) => {
    const why = value === undefined ? undefined : nulIn(value);
    if (why !== undefined) issues.push({ path: [field], message: `${what} ${why}` });
  };
  const map = (field: string, values: Readonly<Record<string, string>> | undefined, names: boolean) => {
    for (const [name, value] of Object.entries(values ?? {})) {
      const why = names ? badEnvName(name) : undefined;
      if (why !== undefined) return void issues.push({ path: [field], message: why });
      const nul = nulIn(value);
      if (nul !== undefined) return void issues.push({ path: [field], message: `the value of ${JSON.stringify(name)} ${nul}` });
    }
  };
  one('command', 'the command', transport.command);
  const arg = (transport.args ?? []).findIndex((a) => nulIn(a) !== undefined);
  if (arg >= 0) one('args', `argument ${arg + 1}`, transport.args![arg]);
  map('env', transport.env, true);
  one('cwd', 'the working folder', transport.cwd);
  map('headers', transport.headers, false);
  one('bearerToken', 'the bearer token', transport.bearerToken);
  return issues;
}
