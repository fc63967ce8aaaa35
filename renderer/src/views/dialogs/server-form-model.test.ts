import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, commandLinePreview, looksLikeServerConfig, parseScopes, suggestLabel, toServerInput, valuesFromConfig } from './server-form-model.js';

describe('server form', () => {
  it('builds a stdio input: one argument per line, NAME=value environment', () => {
    const result = toServerInput({ ...EMPTY_FORM, label: ' Docs ', command: 'node', args: 'server.mjs\n--name\nmy server\n', env: 'TOKEN=a=b\nEMPTY=\n', cwd: ' /tmp ' });
    expect(result).toEqual({
      ok: true,
      input: { label: 'Docs', transport: { kind: 'stdio', command: 'node', args: ['server.mjs', '--name', 'my server'], env: { TOKEN: 'a=b', EMPTY: '' }, cwd: '/tmp' } },
    });
  });

  it('puts each problem on its field, with the contract schema’s words', () => {
    const result = toServerInput({ ...EMPTY_FORM, label: '', command: '  ', env: 'NOEQUALS' });
    expect(result).toEqual({ ok: false, errors: { env: 'Line 1: expected NAME=value (got "NOEQUALS").', label: 'a label is required', command: 'a command is required' } });
    const http = toServerInput({ ...EMPTY_FORM, kind: 'http', label: 'x', url: 'ftp://nope', headers: 'Bad Header: 1' });
    expect(http).toEqual({ ok: false, errors: { headers: 'Line 1: "Bad Header" is not a valid header name.', url: 'an http:// or https:// URL is required' } });
  });

  it('builds an HTTP input with headers and a bearer token, and reads one back', () => {
    const result = toServerInput({ ...EMPTY_FORM, kind: 'http', auth: 'bearer', label: 'Remote', url: 'https://example.com/mcp', headers: 'X-Team: core\n', bearerToken: 'secret' });
    expect(result).toEqual({ ok: true, input: { label: 'Remote', transport: { kind: 'http', url: 'https://example.com/mcp', headers: { 'X-Team': 'core' }, bearerToken: 'secret' } } });
    const back = valuesFromConfig({ id: '1', label: 'Remote', createdAt: '', transport: { kind: 'http', url: 'https://example.com/mcp', headers: { 'X-Team': 'core' }, bearerToken: 'secret' } });
    expect(back).toMatchObject({ kind: 'http', auth: 'bearer', url: 'https://example.com/mcp', headers: 'X-Team: core', bearerToken: 'secret' });
    // A token typed and then "None" chosen is not sent.
    expect(toServerInput({ ...EMPTY_FORM, kind: 'http', auth: 'none', label: 'Remote', url: 'https://example.com/mcp', bearerToken: 'secret' })).toEqual({ ok: true, input: { label: 'Remote', transport: { kind: 'http', url: 'https://example.com/mcp', headers: {} } } });
  });

  it('previews a pasted command line as the program and its arguments, before the Arguments lines', () => {
    expect(commandLinePreview({ ...EMPTY_FORM, command: ` node server.js --flag "a b" `, args: '--name\nmy server' })).toEqual({ program: 'node', args: `server.js --flag 'a b' --name 'my server'` });
    expect(commandLinePreview({ ...EMPTY_FORM, command: 'node' })).toBeUndefined();
    expect(commandLinePreview({ ...EMPTY_FORM, command: 'C:\\tools\\server.exe' })).toBeUndefined();
    expect(commandLinePreview({ ...EMPTY_FORM, kind: 'http', command: 'node server.js' })).toBeUndefined();
    expect(suggestLabel({ ...EMPTY_FORM, command: `node /srv/docs-skills.mjs --dir "/srv/my skills"` })).toBe('docs-skills');
  });

  it('puts an unclosed quote of a pasted command line on the Command field', () => {
    const result = toServerInput({ ...EMPTY_FORM, label: 'x', command: `node "server.js` });
    expect(result).toEqual({ ok: false, errors: { command: 'The command line has an unclosed " quote: close it, or put the program alone in Command and each argument on its own line.' } });
  });

  it('suggests a label from the command or URL', () => {
    expect(suggestLabel({ ...EMPTY_FORM, command: 'npx', args: '-y\n@acme/skills-server' })).toBe('skills-server');
    expect(suggestLabel({ ...EMPTY_FORM, command: 'node', args: '/srv/broken/server.mjs' })).toBe('server');
    expect(suggestLabel({ ...EMPTY_FORM, command: '/usr/bin/node', args: '/srv/broken/docs-skills.mjs' })).toBe('docs-skills');
    expect(suggestLabel({ ...EMPTY_FORM, kind: 'http', url: 'https://skills.example.com/mcp' })).toBe('skills.example.com');
  });
});

describe('stored secrets: set · replace · remove', () => {
  const config = {
    id: '1',
    label: 'Remote',
    createdAt: '',
    transport: { kind: 'http' as const, url: 'https://example.com/mcp', headers: { 'X-Team': 'core' } },
    secrets: ['bearerToken', 'header:X-Api-Key'],
  };

  it('an untouched form keeps every stored secret and sends no value', () => {
    const values = valuesFromConfig(config);
    expect(values.storedSecrets).toEqual(['bearerToken', 'header:X-Api-Key']);
    expect(toServerInput(values)).toEqual({ ok: true, input: { label: 'Remote', transport: { kind: 'http', url: 'https://example.com/mcp', headers: { 'X-Team': 'core' } }, keepSecrets: ['bearerToken', 'header:X-Api-Key'] } });
  });

  it('replace sends the new value in its place and keeps it secret; remove leaves the field out of keepSecrets', () => {
    const values = { ...valuesFromConfig(config), secretEdits: { bearerToken: { action: 'remove' as const }, 'header:X-Api-Key': { action: 'replace' as const, value: ' new-key ' } } };
    expect(toServerInput(values)).toEqual({
      ok: true,
      input: { label: 'Remote', transport: { kind: 'http', url: 'https://example.com/mcp', headers: { 'X-Team': 'core', 'X-Api-Key': 'new-key' } }, keepSecrets: [], markSecret: ['header:X-Api-Key'] },
    });
  });

  it('a replace left empty keeps the stored value; a stdio env secret is replaced in env', () => {
    const untouched = { ...valuesFromConfig(config), secretEdits: { bearerToken: { action: 'replace' as const, value: '  ' } } };
    expect(toServerInput(untouched)).toMatchObject({ ok: true, input: { keepSecrets: ['bearerToken', 'header:X-Api-Key'] } });
    const stdio = valuesFromConfig({ id: '2', label: 'Local', createdAt: '', transport: { kind: 'stdio', command: 'node', args: [], env: { LOG: '1' } }, secrets: ['env:API_TOKEN'] });
    const replaced = { ...stdio, secretEdits: { 'env:API_TOKEN': { action: 'replace' as const, value: 'tok-2' } } };
    expect(toServerInput(replaced)).toEqual({ ok: true, input: { label: 'Local', transport: { kind: 'stdio', command: 'node', args: [], env: { LOG: '1', API_TOKEN: 'tok-2' } }, keepSecrets: [], markSecret: ['env:API_TOKEN'] } });
  });

  it('knows a pasted server config from a command line', () => {
    expect(looksLikeServerConfig(' {"mcpServers": {"docs": {"command": "npx", "args": ["docs-mcp"]}}} ')).toBe(true);
    expect(looksLikeServerConfig('{"servers": {}}')).toBe(true);
    expect(looksLikeServerConfig('{"mcp": {"servers": {}}}')).toBe(true);
    expect(looksLikeServerConfig('npx -y docs-mcp')).toBe(false);
    expect(looksLikeServerConfig('{"mcpServers": ')).toBe(false);
    expect(looksLikeServerConfig('{"command": "node"}')).toBe(false);
    expect(looksLikeServerConfig('["mcpServers"]')).toBe(false);
  });
});

describe('OAuth sign-in in the form', () => {
  const http = { ...EMPTY_FORM, kind: 'http' as const, auth: 'oauth' as const, label: 'Remote', url: 'https://example.com/mcp' };

  it('without a client id: dynamic registration, scopes as words', () => {
    expect(toServerInput({ ...http, oauthScopes: '  mcp:read   skills:read mcp:read ' })).toEqual({
      ok: true,
      input: { label: 'Remote', transport: { kind: 'http', url: 'https://example.com/mcp', headers: {}, auth: { type: 'oauth', scopes: ['mcp:read', 'skills:read'] } } },
    });
    expect(toServerInput(http)).toEqual({ ok: true, input: { label: 'Remote', transport: { kind: 'http', url: 'https://example.com/mcp', headers: {}, auth: { type: 'oauth' } } } });
  });

  it('a pre-registered client with its secret; the bearer token typed before is not sent', () => {
    expect(toServerInput({ ...http, bearerToken: 'tok', oauthClientId: ' app-1 ', oauthClientSecret: ' s3cret ' })).toEqual({
      ok: true,
      input: { label: 'Remote', transport: { kind: 'http', url: 'https://example.com/mcp', headers: {}, auth: { type: 'oauth', clientId: 'app-1', clientSecret: 's3cret' } } },
    });
  });

  it('a scope that is not an RFC 6749 scope token is refused on the Scopes field, naming it', () => {
    const message = '"mcp\\"read" is not a scope: each scope is one word of printable ASCII characters, without quotes or backslashes (RFC 6749). Separate scopes with spaces.';
    expect(toServerInput({ ...http, oauthScopes: 'ok mcp"read' })).toEqual({ ok: false, errors: { oauthScopes: message } });
    expect(parseScopes('a\\b')).toEqual({ error: '"a\\\\b" is not a scope: each scope is one word of printable ASCII characters, without quotes or backslashes (RFC 6749). Separate scopes with spaces.' });
    expect(parseScopes('lecture:écrite')).toMatchObject({ error: expect.stringContaining('"lecture:écrite" is not a scope') });
  });

  it('a client secret without a client id is refused on the Client ID field', () => {
    expect(toServerInput({ ...http, oauthClientSecret: 's3cret' })).toEqual({ ok: false, errors: { oauthClientId: 'A client secret goes with a pre-registered client: enter its client ID, or remove the secret to register dynamically.' } });
  });

  const stored = {
    id: '3',
    label: 'Remote',
    createdAt: '',
    transport: { kind: 'http' as const, url: 'https://example.com/mcp', headers: {}, auth: { type: 'oauth' as const, clientId: 'app-1', scopes: ['mcp:read'] } },
    secrets: ['oauth:clientSecret'],
  };

  it('reads a stored OAuth server back; its client secret is kept unless replaced or removed', () => {
    const values = valuesFromConfig(stored);
    expect(values).toMatchObject({ auth: 'oauth', oauthClientId: 'app-1', oauthScopes: 'mcp:read', oauthClientSecret: '' });
    const transport = { kind: 'http', url: 'https://example.com/mcp', headers: {}, auth: { type: 'oauth', clientId: 'app-1', scopes: ['mcp:read'] } };
    expect(toServerInput(values)).toEqual({ ok: true, input: { label: 'Remote', transport, keepSecrets: ['oauth:clientSecret'] } });
    const replaced = { ...values, secretEdits: { 'oauth:clientSecret': { action: 'replace' as const, value: 'new' } } };
    expect(toServerInput(replaced)).toEqual({ ok: true, input: { label: 'Remote', transport: { ...transport, auth: { ...transport.auth, clientSecret: 'new' } }, keepSecrets: [] } });
    const removed = { ...values, secretEdits: { 'oauth:clientSecret': { action: 'remove' as const } } };
    expect(toServerInput(removed)).toEqual({ ok: true, input: { label: 'Remote', transport, keepSecrets: [] } });
  });

  it('switching a stored OAuth server to None drops its client secret; a kept secret still needs the client id', () => {
    expect(toServerInput({ ...valuesFromConfig(stored), auth: 'none' })).toEqual({ ok: true, input: { label: 'Remote', transport: { kind: 'http', url: 'https://example.com/mcp', headers: {} }, keepSecrets: [] } });
    expect(toServerInput({ ...valuesFromConfig(stored), oauthClientId: '' })).toMatchObject({ ok: false, errors: { oauthClientId: expect.stringContaining('enter its client ID') } });
  });
});

describe('env and header names that are Object.prototype\'s', () => {
  // The lines were gathered on a plain {}: "__proto__=x" set its prototype (ignored for text),
  // so the variable was dropped from what was saved, and the form said nothing.
  it('refuses an env line or header line named "__proto__", on its line, with the contract\'s words', () => {
    expect(toServerInput({ ...EMPTY_FORM, label: 'x', command: 'node', env: 'A=1\n__proto__=x' })).toEqual({
      ok: false,
      errors: { env: 'Line 2: "__proto__" cannot be an environment variable name here: a server\'s settings travel between the app\'s window and its main process as JavaScript objects, in which this name is lost on the way. Set it in a script that starts the server.' },
    });
    expect(toServerInput({ ...EMPTY_FORM, kind: 'http', label: 'x', url: 'https://h/mcp', headers: '__PROTO__: x' })).toEqual({
      ok: false,
      errors: { headers: 'Line 1: "__PROTO__" cannot be a header name here: the HTTP client the app connects with (Node\'s fetch) drops a header of this name, so the server would never receive it.' },
    });
  });

  it('keeps constructor, prototype, hasOwnProperty and toString as names like any other, and reads them back', () => {
    const result = toServerInput({ ...EMPTY_FORM, label: 'x', command: 'node', env: 'constructor=c\nprototype=p\nhasOwnProperty=h\ntoString=t' });
    expect(result).toEqual({ ok: true, input: { label: 'x', transport: { kind: 'stdio', command: 'node', args: [], env: { constructor: 'c', prototype: 'p', hasOwnProperty: 'h', toString: 't' } } } });
    // Given twice is still caught for these names (Object.hasOwn, not "in").
    expect(toServerInput({ ...EMPTY_FORM, label: 'x', command: 'node', env: 'toString=1\ntoString=2' })).toEqual({ ok: false, errors: { env: 'Line 2: "toString" is given twice.' } });
    if (!result.ok) throw new Error('expected ok');
    expect(valuesFromConfig({ id: '1', label: 'x', createdAt: '', transport: { kind: 'stdio', command: 'node', args: [], env: result.input.transport.kind === 'stdio' ? result.input.transport.env ?? {} : {} } }).env).toBe('constructor=c\nprototype=p\nhasOwnProperty=h\ntoString=t');
  });
});
