// The app's stores unreadable at start: approvals.json answering EIO (a disk
// error; EACCES, a data folder restored as another user, takes the same path)
// and servers.json behind a path that cannot be followed (ENOTDIR). The load
// threw the system's error, so createInspector rejected: the app did not
// start, with a stack trace instead of a sentence. Now it starts, each store
// named with what failed, and neither file is written (servers.json is not
// seeded with the demo over what it holds, no approval is saved over the file).
// Run as root here, chmod 000 proves nothing: a link to /proc/self/mem gives a
// real EIO on read, a link through a regular file a real ENOTDIR on open.
import { mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInspector } from '../../electron/inspector.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('stores the system will not let the app read', () => {
  it('the app starts, names each file and what failed, and writes neither', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'si-unreadable-'));
    dirs.push(dataDir);
    const approvals = path.join(dataDir, 'approvals.json');
    const servers = path.join(dataDir, 'servers.json');
    symlinkSync('/proc/self/mem', approvals);
    writeFileSync(path.join(dataDir, 'plain'), 'x');
    symlinkSync(path.join(dataDir, 'plain', 'servers.json'), servers);

    const inspector = await createInspector({
      dataDir,
      mode: 'browser',
      appVersion: '0.0.0-test',
      demoTransport: () => ({ kind: 'stdio', command: 'node', args: [], env: {} }),
    });
    try {
      expect(inspector.startupProblems).toEqual([
        {
          file: servers,
          message: `${servers} could not be read because a part of its path is a file, not a folder (ENOTDIR). The app started without what it holds, and nothing is saved to servers.json until the app can read it, so nothing in it (or in its backup) is replaced: fix the file or the disk, then restart the app.`,
          recoveredFrom: 'default',
          unreadable: true,
        },
      ]);
      const status = await inspector.call('approvals.storeStatus', {});
      expect(status).toMatchObject({
        ok: true,
        result: {
          problems: [
            {
              file: approvals,
              message: `${approvals} could not be read because the disk reported an input/output error (EIO). The app started without what it holds, and nothing is saved to approvals.json until the app can read it, so nothing in it (or in its backup) is replaced: fix the file or the disk, then restart the app.`,
              recoveredFrom: 'default',
            },
          ],
        },
      });
      // No demo seeded over a servers.json nobody could read; adding a server says why it is not saved.
      const listed = await inspector.call('servers.list', {});
      expect(listed).toEqual({ ok: true, result: [] });
      const added = await inspector.call('servers.add', { label: 'a', transport: { kind: 'stdio', command: 'node', args: [], env: {} } });
      expect(added.ok).toBe(false);
      expect(JSON.stringify(added)).toContain('Could not save servers.json because it could not be read when the app started (a part of its path is a file, not a folder, ENOTDIR)');
    } finally {
      await inspector.close();
    }
    expect(readlinkSync(approvals)).toBe('/proc/self/mem');
    expect(readlinkSync(servers)).toBe(path.join(dataDir, 'plain', 'servers.json'));
    expect(readdirSync(dataDir).filter((n) => n.startsWith('approvals.json') || n.startsWith('servers.json')).sort()).toEqual(['approvals.json', 'servers.json']);
  });
});
