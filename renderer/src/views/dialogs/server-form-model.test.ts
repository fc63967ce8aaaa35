import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, commandLinePreview, looksLikeServerConfig, suggestLabel, toServerInput, valuesFromConfig } from './server-form-model.js';

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
    const result = toServerInput({ ...EMPTY_FORM, kind: 'http', label: 'Remote', url: 'https://example.com/mcp', headers: 'X-Team: core\n', bearerToken: 'secret' });
    expect(result).toEqual({ ok: true, input: { label: 'Remote', transport: { kind: 'http', url: 'https://example.com/mcp', headers: { 'X-Team': 'core' }, bearerToken: 'secret' } } });
    const back = valuesFromConfig({ id: '1', label: 'Remote', createdAt: '', transport: { kind: 'http', url: 'https://example.com/mcp', headers: { 'X-Team': 'core' }, bearerToken: 'secret' } });
    expect(back).toMatchObject({ kind: 'http', url: 'https://example.com/mcp', headers: 'X-Team: core', bearerToken: 'secret' });
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
