// What a store's load says of a file that is not valid JSON reaches the window
// and the log. servers.json holds server settings (arguments, URLs, headers;
// a file from before the secret store holds secrets in clear), and JSON.parse's
// own message quotes the text around the fault: a value written bare, such as
// a header "X-Api-Key": sk-live-… typed without quotes, was quoted into it.
// The load names the place only, by line and column.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonStore } from './json-store.js';
import { whereJsonStops } from './where-json-stops.js';

const anything = z.unknown();

function damaged(text: string | undefined, backup?: string): Promise<string | undefined> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-damaged-'));
  const file = path.join(dir, 'servers.json');
  if (text !== undefined) writeFileSync(file, text);
  if (backup !== undefined) writeFileSync(`${file}.bak`, backup);
  return new JsonStore(file, anything, () => ({})).load().then((loaded) => loaded.problem?.message);
}

describe('a damaged store, named by place only', () => {
  it('servers.json with a header value typed without quotes: the line and column, none of its text', async () => {
    const text = '{"version": 1, "servers": [\n  {"id": "srv", "label": "Notes server", "headers": {"X-Api-Key": sk-live-4f9a2b7c}}\n]}\n';
    expect(await damaged(text)).toBe(
      'The file could not be read because it is not valid JSON (InvalidSymbol at line 2, column 67), and no usable backup exists. The app started with an empty store; the damaged file was kept beside it.',
    );
    // The same for the backup of a missing file: an env value typed without quotes, at column 32.
    expect(await damaged(undefined, '{"servers": [{"env": {"TOKEN": ghp_16C7e42F292c6912E7710c838347Ae178B4a}}]}')).toBe(
      'The file was missing, and its backup could not be read because it is not valid JSON (InvalidSymbol at line 1, column 32). The app started with an empty store; the damaged backup was kept beside it.',
    );
  });
});

describe('whereJsonStops', () => {
  it('says where text stops being JSON, in words that quote none of it', () => {
    expect(whereJsonStops('')).toBe('ValueExpected at line 1, column 1');
    expect(whereJsonStops('{"a": 1,}')).toBe('PropertyNameExpected at line 1, column 9');
    // A control character in a string: the place is where that string starts.
    expect(whereJsonStops('{"a":\r\n "b\u0001"}')).toBe('InvalidCharacter at line 2, column 2');
  });

  it('text nested deeper than is looked into: where that starts, or an earlier fault; never a stack overflow', () => {
    // jsonc-parser parses by recursion: 20,000 open brackets overflowed the stack.
    expect(whereJsonStops('['.repeat(20_000))).toBe('nested more than 512 levels deep at line 1, column 513');
    expect(whereJsonStops(`[x, ${'['.repeat(20_000)}`)).toBe('InvalidSymbol at line 1, column 2');
  });
});
