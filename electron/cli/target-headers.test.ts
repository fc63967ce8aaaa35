// Header names on the command line that are Object.prototype's names. "__proto__"
// is refused, as in a server's settings (shared/prototype-names.ts says why):
// the headers were gathered on a plain {}, where the assignment set the
// prototype, so `--header '__proto__: x'` was dropped and the command ran
// without it, saying nothing. The other names are headers like any other.
import { describe, expect, it } from 'vitest';
import { resolveTarget, urlTarget } from './target.js';
import { UsageError } from './usage-error.js';

const URL = 'https://h.example/mcp';
const WHY = "cannot be a header name here: the HTTP client the app connects with (Node's fetch) drops a header of this name, so the server would never receive it.";

describe('--header and --header-env named "__proto__"', () => {
  it('--header refuses it in any case, naming the flag and the header (not its value)', async () => {
    for (const name of ['__proto__', ' __PROTO__ ', '__Proto__']) {
      const error = new UsageError(`--header "${name.trim()}": "${name.trim()}" ${WHY}`);
      expect(() => urlTarget(URL, ['X-A: 1', `${name}: secret-value`])).toThrow(error);
      await expect(resolveTarget({ url: URL, header: [`${name}: secret-value`] }, {})).rejects.toThrow(error);
    }
  });

  it('--header-env refuses it before reading the variable, naming the flag, the header and the variable', async () => {
    await expect(resolveTarget({ url: URL, 'header-env': ['__proto__: TOKEN'] }, { TOKEN: 'secret-value' })).rejects.toThrow(new UsageError(`--header-env "__proto__: TOKEN": "__proto__" ${WHY}`));
    // Refused for its name even when the variable is not set: the name is the mistake.
    await expect(resolveTarget({ url: URL, 'header-env': ['__PROTO__: UNSET'] }, {})).rejects.toThrow(new UsageError(`--header-env "__PROTO__: UNSET": "__PROTO__" ${WHY}`));
  });

  it('carries constructor, toString, hasOwnProperty and valueOf as headers, own keys with their values', async () => {
    const target = await resolveTarget(
      { url: URL, header: ['constructor: c', 'toString: t'], 'header-env': ['hasOwnProperty: H', 'valueOf: V'] },
      { H: 'h', V: 'v' },
    );
    if (target.transport.kind !== 'http') throw new Error('expected an http transport');
    expect(Object.entries(target.transport.headers)).toEqual([
      ['constructor', 'c'],
      ['toString', 't'],
      ['hasOwnProperty', 'h'],
      ['valueOf', 'v'],
    ]);
  });
});
