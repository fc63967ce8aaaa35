// A config file whose bytes are not UTF-8 (saved in Latin-1 or Windows-1252 by
// an editor, or damaged). Every MCP client reads its config as UTF-8; read
// leniently, "/opt/café/server" written in Latin-1 became "/opt/caf\uFFFD/server"
// and was imported and stored so: the server then failed to start with
// "not found", naming a path the file never held.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigError, readConfigFile } from './config-import.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configFile(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-config-encoding-'));
  dirs.push(dir);
  const file = path.join(dir, 'claude_desktop_config.json');
  writeFileSync(file, bytes);
  return file;
}

describe('a config file that is not UTF-8', () => {
  test('is refused, naming the file, the byte and its place', async () => {
    const file = configFile(Buffer.concat([Buffer.from('{\n  "mcpServers": {"a": {"command": "/opt/caf'), Buffer.from([0xe9]), Buffer.from('/server"}}}\n')]));
    const error = await readConfigFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(`${file}: it is not UTF-8 text (byte 0xe9 at line 2, column 44); save it as UTF-8, as the MCP clients read it.`);
  });

  test('UTF-8 with a BOM, and every plane, is read as written', async () => {
    const text = '{"mcpServers": {"café ✓ 𝔭": {"command": "/opt/café/server"}}}';
    expect(await readConfigFile(configFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])))).toBe(`\uFEFF${text}`);
  });
});
