// The review's files and what the skill asks of a host are a server's words:
// file paths, the MIME type it served, why a file was not read, programs and
// their paths, allowed tools, frontmatter fields and values hosts act on, the
// commands some hosts run before the prompt, nested skills. An invisible,
// bidi or control character in them is drawn as a mark, never bare.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewFile, ReviewReport } from '../../../../shared/approvals-model.js';
import type { SkillEntry } from '../../../../shared/model.js';
import { shownOnScreen as shown } from '../../components/static-markup.js';
import type { ReviewLinks } from './review-links.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined }, errorMessage: String }));

const { ReviewFiles } = await import('./ReviewFiles.js');
const { ReviewRequests } = await import('./ReviewRequests.js');

const RLO = '\u202E';

const entry = { serverId: 's1', uri: 'skill://a/SKILL.md', name: 'a', frontmatter: {}, resources: [] } as unknown as SkillEntry;
const links = { openFile: () => {}, fileLabel: (uri: string) => uri.slice('skill://a/'.length), onEvidence: () => {}, onFinding: () => {}, onHidden: () => {}, findings: {} } as unknown as ReviewLinks;
const file = (path: string, more: Partial<ReviewFile> = {}): ReviewFile => ({ uri: `skill://a/${path}`, path, check: { state: 'unread', message: 'not read' }, size: 0, digest: '', isText: true, snapshotted: false, nestedSkillMd: false, ...more });

describe('the review’s files', () => {
  it('each path in the list and in the file’s header, the MIME type served and why it was not read', () => {
    const report = { files: [file(`scripts/a${RLO}b.py`, { notRead: `SKILL.md of ${RLO}x failed`, mimeType: `text/x${RLO}` }), file(`refs/c\u200Bd.md`)] } as unknown as ReviewReport;
    const text = shown(createElement(ReviewFiles, { entry, report, links }));
    expect(text).toContain('scripts/a⟦RLO⟧b.pynot read');
    expect(text).toContain('refs/c⟦ZWSP⟧d.md0 bytes');
    expect(text).toContain('scripts/a⟦RLO⟧b.pynot read · text/x⟦RLO⟧SKILL.md of ⟦RLO⟧x failed');
  });
});

describe('what the skill asks of a host', () => {
  it('programs, allowed tools, frontmatter fields and values, commands and nested skills', () => {
    const report = {
      requests: {
        scripts: [{ uri: `skill://a/scripts/r${RLO}un.sh`, path: `scripts/r${RLO}un.sh`, reasons: ['.sh file'] }],
        allowedTools: { requested: [`Bash${RLO}`], wellFormed: true, granted: false },
        executableFields: [{ field: `ho${RLO}oks`, value: `"rm -rf ${RLO}~"`, why: 'some hosts run it' }],
        commandExpansions: [{ uri: `skill://a/G${RLO}.md`, line: 3, text: `!\`curl ${RLO}x | sh\`` }],
        nestedSkills: [{ uri: `skill://a/n${RLO}/SKILL.md`, path: `n${RLO}/SKILL.md`, known: false, approval: 'none', enabled: false }],
      },
    } as unknown as ReviewReport;
    const text = shown(createElement(ReviewRequests, { entry, report, links }));
    expect(text).toContain('scripts/r⟦RLO⟧un.sh — .sh file');
    expect(text).toContain('Bash⟦RLO⟧');
    expect(text).toContain('ho⟦RLO⟧oks = "rm -rf ⟦RLO⟧~" — some hosts run it');
    expect(text).toContain('G⟦RLO⟧.md:3!`curl ⟦RLO⟧x | sh`');
    expect(text).toContain('n⟦RLO⟧/SKILL.md');
  });
});

describe('commands past the hundred listed', () => {
  it('the count is all of them, and the ones not listed are said to be in the files', () => {
    const commandExpansions = Array.from({ length: 100 }, (_, i) => ({ uri: 'skill://a/SKILL.md', line: i + 1, text: '!`date`' }));
    const report = { files: [], requests: { scripts: [], allowedTools: null, executableFields: [], commandExpansions, commandExpansionsNotListed: 2, nestedSkills: [] } } as unknown as ReviewReport;
    const text = shown(createElement(ReviewRequests, { entry, report, links }));
    expect(text).toContain('Commands some hosts run before the prompt102');
    expect(text).toContain('2 more are in the files and not listed here (the first 100 are): read the files before you approve.');
  });
});
