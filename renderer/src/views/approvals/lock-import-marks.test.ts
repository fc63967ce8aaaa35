// Comparing a lockfile with the listing names what the lock pins and what the
// server lists: each skill's name and URI, the comparison in a sentence (it
// quotes a server's label and the names that differ), and how it drifted:
// the name in the lock and on the server, and each file's URI added, removed
// or changed (with the digest each side gives). A lockfile comes from a pull
// request or another machine, the listing from the server: an invisible, bidi
// or control character in any of them is drawn as a mark.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LockImportResult } from '../../../../shared/api-approvals.js';
import { RAW_HIDDEN, namesIn, shownTextOf, staticMarkup } from '../../components/static-markup.js';

// api.ts opens the browser-mode bridge when loaded; this view only imports it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { LockImportResults } = await import('./LockImportResults.js');

const RLO = '\u202E';
const digest = (c: string) => `sha256:${c.repeat(64)}`;

describe('a lockfile compared with the listing', () => {
  it('the file, each skill’s name, URI and comparison, and its drift: names and each file’s URI', () => {
    const result: LockImportResult = {
      file: `team${RLO}.lock.json`,
      counts: { matches: 1, differs: 1, missing: 0, 'server-not-connected': 0 },
      skills: [
        { serverLabel: 'prod', serverId: 's1', skillUri: `skill://pdf${RLO}/SKILL.md`, name: `pdf${RLO}x`, status: 'matches', detail: `The server lists exactly what the lock pins (1 file(s)). Review it to approve it.`, approval: 'none' },
        {
          serverLabel: 'prod',
          serverId: 's1',
          skillUri: 'skill://b/SKILL.md',
          name: 'b',
          status: 'differs',
          detail: `The server lists something other than the lock pins: name "b" → "b${RLO}x", 1 file(s) added.`,
          drift: {
            lock: { name: 'b', dynamic: false },
            server: { name: `b${RLO}x`, dynamic: false },
            filesAdded: [{ uri: `skill://b/a${RLO}dd.md`, digest: digest('a'), size: 3 }],
            filesRemoved: [{ uri: `skill://b/re\nmoved.md`, digest: digest('b'), size: 4 }],
            filesChanged: [{ uri: `skill://b/ch${RLO}anged.md`, lock: { size: 1, digest: digest('c') }, server: { size: 2, digest: `sha256:${RLO}d` } }],
          },
          approval: 'none',
        },
      ],
    };
    const html = staticMarkup(createElement(LockImportResults, { result }));
    const text = shownTextOf(html);
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(namesIn(html).join('')).not.toMatch(RAW_HIDDEN);
    expect(text).toContain(`team⟦RLO⟧.lock.json: 1 match`);
    expect(text).toContain('pdf⟦RLO⟧xskill://pdf⟦RLO⟧/SKILL.md');
    expect(text).toContain('name "b" → "b⟦RLO⟧x", 1 file(s) added.');
    expect(text).toContain('name: lock b, server b⟦RLO⟧x');
    expect(text).toContain('+ skill://b/a⟦RLO⟧dd.md (3 bytes)');
    // A line break in a URI would only hide where it ends.
    expect(text).toContain('− skill://b/re⟦LF⟧moved.md');
    expect(text).toContain(`~ skill://b/ch⟦RLO⟧anged.md: lock ${digest('c')} (1 byte) → server sha256:⟦RLO⟧d (2 bytes)`);
  });
});
