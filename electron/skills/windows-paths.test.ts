// Skills whose file paths a Windows host rewrites when it writes the skill to
// disk, served by a real stdio server (the official SDK's server side), read
// and judged by the app through its contract. The gateway withheld such a
// skill (or cut its nested SKILL.md), but the app said nothing: Verify showed
// pdf-tools, whose file ..%20/notes/guide.md a Windows host writes as
// notes/guide.md beside it, as verified, and it could be approved without a word.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../test/fixtures/mutable-server/app.js';
import { tempDir } from '../../test/fixtures/mutable-server/fixture.js';
import { stdio } from '../../test/fixtures/servers/harness.js';
// @ts-expect-error: a fixture script (JavaScript, no declarations); its URIs are what it lists.
import { CLIMBING, DEVICE, FORMS, NOTES, PDF, SPACED } from '../../test/fixtures/servers/windows-paths-server.mjs';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const WINDOWS = new Set(['inspector-windows-climb', 'inspector-windows-skill-md', 'inspector-windows-name']);

describe('file paths a Windows host rewrites', { timeout: 120_000 }, () => {
  it('a folder named ".. " or a name Windows takes for SKILL.md makes the skill invalid and blocks its approval; a device name is a warning', async () => {
    const app = await App.open(await tempDir('windows-paths'));
    cleanup.push(() => app.close());
    const serverId = await app.addServer('Team skills', stdio('windows-paths-server.mjs'));

    const statuses: Record<string, string> = {};
    for (const skillUri of [PDF, FORMS, NOTES] as string[]) statuses[skillUri] = (await app.call('skills.verify', { serverId, skillUri })).status;
    expect(statuses).toEqual({ [PDF]: 'invalid', [FORMS]: 'invalid', [NOTES]: 'verified' });

    const said = async (skillUri: string) => (await app.call('skills.findings', { serverId, skillUri })).filter((f) => WINDOWS.has(f.id)).map((f) => ({ id: f.id, severity: f.severity, fileUri: f.location.fileUri, message: f.message, actual: f.actual }));
    expect(await said(PDF)).toEqual([
      {
        id: 'inspector-windows-climb',
        severity: 'error',
        fileUri: CLIMBING,
        message: `${CLIMBING} has a folder named ".. " in its path, a plain name on Linux and macOS, but ".." on Windows (Win32 drops a name's trailing dots and spaces), which leaves the skill's folder: a host writes the file as "../notes/guide.md" from it, beside the skill, over whatever is there. The entry is not loadable and its files are never shown verified.`,
        actual: '.. ',
      },
    ]);
    expect(await said(FORMS)).toEqual([
      {
        id: 'inspector-windows-skill-md',
        severity: 'error',
        fileUri: SPACED,
        message: `${SPACED} is named "SKILL.md ", which Windows takes for SKILL.md (it drops trailing dots and spaces, reads "::$DATA" as the file itself and compares names upper-cased), so a host writes it as the SKILL.md of a skill in "fill", a nested skill no one checked or approved as such. The entry is not loadable and its files are never shown verified.`,
        actual: 'SKILL.md ',
      },
    ]);
    expect(await said(NOTES)).toEqual([
      {
        id: 'inspector-windows-name',
        severity: 'warning',
        fileUri: DEVICE,
        message: `${DEVICE} has the name "aux.md" in its path: AUX is a device name on Windows, so a host opens the device instead of writing the file. Hosts on Linux and macOS write it as listed.`,
        actual: 'aux.md',
      },
    ]);

    for (const skillUri of [PDF, FORMS] as string[]) {
      const review = await app.call('approvals.startReview', { serverId, skillUri });
      expect(review.blockers).toEqual([`The entry for ${skillUri} is invalid (see its findings), so a host must not load it and it cannot be approved.`]);
    }
    const notes = await app.call('approvals.startReview', { serverId, skillUri: NOTES as string });
    expect(notes.blockers).toEqual([]);
  });
});
