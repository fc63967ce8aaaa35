// The form's Add and Edit put a value no program can be given (a NUL pasted
// into an argument, an env value or the working folder) on its own field, in
// the contract's words (shared/startable-settings.ts), before anything is sent.
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, toServerInput } from './server-form-model.js';

describe('server form: a NUL character', () => {
  it('is put on the field that holds it', () => {
    const result = toServerInput({ ...EMPTY_FORM, label: 'x', command: 'node', args: 'server.mjs\n--na\u0000me', env: 'TOKEN=ab\u0000c', cwd: '/t\u0000mp' });
    expect(result).toEqual({
      ok: false,
      errors: {
        args: 'argument 2 holds a NUL character (at character 5), which no program can be given',
        env: 'the value of "TOKEN" holds a NUL character (at character 3), which no program can be given',
        cwd: 'the working folder holds a NUL character (at character 3), which no program can be given',
      },
    });
    const http = toServerInput({ ...EMPTY_FORM, kind: 'http', label: 'x', url: 'https://example.com/mcp', headers: 'X-Team: bl\u0000ue' });
    expect(http).toEqual({ ok: false, errors: { headers: 'the value of "X-Team" holds a NUL character (at character 3), which no program can be given' } });
  });
});
