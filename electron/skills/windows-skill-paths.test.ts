// Skill paths a Windows host rewrites, and files of one skill that are one file
// on Windows, served by a real stdio server (the official SDK's server side)
// and judged by the app through its contract. The app judged only the paths of
// files inside a skill: a skill at skill://acme/..%20/shared/SKILL.md (its
// folder "shared" on Windows, another skill's) showed verified, and a skill
// listing guide.md and GUIDE.md (one file on Windows, written one over the
// other) drew a warning only, while the bytes a host there keeps need not be
// the ones approved.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../test/fixtures/mutable-server/app.js';
import { tempDir } from '../../test/fixtures/mutable-server/fixture.js';
import { stdio } from '../../test/fixtures/servers/harness.js';
// @ts-expect-error: a fixture script (JavaScript, no declarations); its URIs are what it lists.
import { CLIMBING, DEVICE, DOTTED, DRAFT, DRAFT_STREAM, DRAFTS, GUIDE_LOWER, GUIDE_UPPER, GUIDES, NOTES } from '../../test/fixtures/servers/windows-skill-paths-server.mjs';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const WINDOWS = new Set(['inspector-windows-climb', 'inspector-windows-skill-md', 'inspector-windows-name', 'inspector-windows-same-file']);
const NOT_LOADABLE = 'The entry is not loadable and its files are never shown verified.';

describe('skill paths and files a Windows host rewrites', { timeout: 120_000 }, () => {
  it('a skill path with a ".. " folder, or two files that are one on Windows, make the skill invalid and block its approval; a device or dotted folder is a warning', async () => {
    const app = await App.open(await tempDir('windows-skill-paths'));
    cleanup.push(() => app.close());
    const serverId = await app.addServer('Acme skills', stdio('windows-skill-paths-server.mjs'));
    const all = [CLIMBING, DEVICE, DOTTED, GUIDES, DRAFTS, NOTES] as string[];

    const statuses: Record<string, string> = {};
    for (const skillUri of all) statuses[skillUri] = (await app.call('skills.verify', { serverId, skillUri })).status;
    expect(statuses).toEqual({ [CLIMBING]: 'invalid', [DEVICE]: 'verified', [DOTTED]: 'verified', [GUIDES]: 'invalid', [DRAFTS]: 'invalid', [NOTES]: 'verified' });

    const said = async (skillUri: string) => (await app.call('skills.findings', { serverId, skillUri })).filter((f) => WINDOWS.has(f.id)).map((f) => ({ id: f.id, severity: f.severity, field: f.location.field, fileUri: f.location.fileUri, message: f.message, actual: f.actual }));
    expect(await said(CLIMBING)).toEqual([
      {
        id: 'inspector-windows-climb',
        severity: 'error',
        field: 'uri',
        fileUri: undefined,
        message: `The skill path of ${CLIMBING} has a folder named ".. ", a plain name on Linux and macOS, but ".." on Windows (Win32 drops a name's trailing dots and spaces), so a host that writes a skill to its skill path writes this one as "shared", not "acme/.. /shared": another skill's folder, over whatever is there. ${NOT_LOADABLE}`,
        actual: '.. ',
      },
    ]);
    expect(await said(DEVICE)).toEqual([{ id: 'inspector-windows-name', severity: 'warning', field: 'uri', fileUri: undefined, message: `The skill path of ${DEVICE} has the name "con" in it: CON is a device name on Windows, so a host opens the device instead of writing the file. Hosts on Linux and macOS write it as listed.`, actual: 'con' }]);
    expect(await said(DOTTED)).toEqual([{ id: 'inspector-windows-name', severity: 'warning', field: 'uri', fileUri: undefined, message: `The skill path of ${DOTTED} has the name "tools." in it: Windows drops its trailing dots and spaces, so a host writes it as "tools". Hosts on Linux and macOS write it as listed.`, actual: 'tools.' }]);
    expect(await said(GUIDES)).toEqual([
      {
        id: 'inspector-windows-same-file',
        severity: 'error',
        field: 'resources[2]',
        fileUri: GUIDE_UPPER,
        message: `${GUIDE_LOWER} and ${GUIDE_UPPER} are one file on Windows, which compares names upper-cased and drops trailing dots and spaces and a "::$DATA" stream: a host there writes both as "guide.md", one over the other, so the bytes it keeps need not be the ones checked and approved. ${NOT_LOADABLE}`,
        actual: 'GUIDE.md',
      },
    ]);
    expect(await said(DRAFTS)).toEqual([
      {
        id: 'inspector-windows-name',
        severity: 'warning',
        field: 'resources[2]',
        fileUri: DRAFT_STREAM,
        message: `${DRAFT_STREAM} has the name "draft.md::$DATA" in its path: NTFS reads what follows ":" as a stream of the file "draft.md", so a host writes that file, not this one. Hosts on Linux and macOS write it as listed.`,
        actual: 'draft.md::$DATA',
      },
      {
        id: 'inspector-windows-same-file',
        severity: 'error',
        field: 'resources[2]',
        fileUri: DRAFT_STREAM,
        message: `${DRAFT} and ${DRAFT_STREAM} are one file on Windows, which compares names upper-cased and drops trailing dots and spaces and a "::$DATA" stream: a host there writes both as "draft.md", one over the other, so the bytes it keeps need not be the ones checked and approved. ${NOT_LOADABLE}`,
        actual: 'draft.md::$DATA',
      },
    ]);
    expect(await said(NOTES)).toEqual([]);

    for (const skillUri of [CLIMBING, GUIDES, DRAFTS] as string[]) {
      const review = await app.call('approvals.startReview', { serverId, skillUri });
      expect(review.blockers).toEqual([`The entry for ${skillUri} is invalid (see its findings), so a host must not load it and it cannot be approved.`]);
    }
    for (const skillUri of [DEVICE, DOTTED, NOTES] as string[]) expect((await app.call('approvals.startReview', { serverId, skillUri })).blockers).toEqual([]);
  });
});
