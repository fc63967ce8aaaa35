// settings.json saved by Notepad after a hand edit: a UTF-8 byte order mark
// first (EF BB BF) and CRLF line ends. JSON.parse refuses the mark, so the
// file was taken for damage: kept aside, and the app went back to the backup,
// dropping the very limits the user had just typed. The mark carries nothing
// and the text after it is the same JSON, so settings.json, which only the app
// reads, takes it as the same file. The stores another reader parses too
// (approvals.json and servers.json, read by the gateway, which refuses a mark)
// keep treating it as damage: accepting it in the app alone would have the
// app show decisions the gateway does not serve, without a word.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../settings-store.js';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { ApprovalStore } from '../approvals/approval-store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'si-store-bom-'));
  dirs.push(dir);
  return dir;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('a store with a UTF-8 byte order mark', () => {
  it('settings.json from Notepad (mark, CRLF) loads as written, is left as it is, and the next save writes no mark', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'settings.json');
    // The backup holds an older choice: the hand edit must win over it.
    writeFileSync(`${file}.bak`, '{"maxFileBytes": 4096}\n');
    const edited = Buffer.concat([BOM, Buffer.from('{\r\n  "maxFileBytes": 2097152,\r\n  "requestTimeoutMs": 12000\r\n}\r\n')]);
    writeFileSync(file, edited);
    const store = new SettingsStore(dir);
    expect(await store.load()).toBeUndefined();
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, maxFileBytes: 2_097_152, requestTimeoutMs: 12_000 });
    expect(readFileSync(file)).toEqual(edited);
    expect(readdirSync(dir).sort()).toEqual(['settings.json', 'settings.json.bak']);
    await store.update({ logLimit: 500 });
    const saved = readFileSync(file);
    expect(saved[0]).toBe(0x7b);
    expect(JSON.parse(saved.toString('utf8'))).toEqual({ maxFileBytes: 2_097_152, requestTimeoutMs: 12_000, logLimit: 500 });
    expect(readFileSync(`${file}.bak`)).toEqual(edited);
  });

  it('a mark alone, or a mark before damage, is still damage', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, Buffer.concat([BOM, Buffer.from('{"maxFileBytes": ')]));
    const problem = await new SettingsStore(dir).load();
    expect(problem?.message).toMatch(/^The file could not be read because it is not valid JSON \(/);
    expect(existsSync(problem!.keptAs!)).toBe(true);
  });

  it('approvals.json with a mark is still damage: the gateway reads it too, and refuses the mark', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'approvals.json');
    writeFileSync(file, Buffer.concat([BOM, Buffer.from('{"version": 1, "approvals": []}\n')]));
    const problem = await new ApprovalStore(dir).load();
    expect(problem?.message).toBe('The file could not be read because it begins with a UTF-8 byte order mark (bytes EF BB BF), which the app never writes and other readers of this file refuse, and no usable backup exists. The app started with an empty store; the damaged file was kept beside it.');
  });
});
