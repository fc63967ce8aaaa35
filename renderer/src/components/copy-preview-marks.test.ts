// Beside a Copy button the value it copies is shown: a skill's or file's
// URI, a folder's path, a digest the server published, the authorization
// page's address (from the server's OAuth metadata). The copy stays exact;
// what is shown draws each invisible, bidi or control character as a mark,
// so the value pasted elsewhere is the value the reader saw.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SkillEntry } from '../../../shared/model.js';
import { CopyableText } from './FactTable.js';
import { shownOnScreen as shown } from './static-markup.js';

// api.ts opens the browser-mode bridge when loaded; these views only import it.
vi.mock('../api.js', () => ({ api: { call: () => Promise.resolve(undefined), on: () => () => undefined, mode: 'browser' }, errorMessage: String }));

const { FileFacts } = await import('../views/skill/FileView.js');
const { PageNotice } = await import('../views/AuthorizationPageNotices.js');

const RLO = '\u202E';

describe('the value beside a Copy button', () => {
  it('a URI or path in a table of facts', () => {
    expect(shown(createElement(CopyableText, { value: `skill://invoice${RLO}fdp.exe/SKILL.md`, copyLabel: 'Copy URI' }))).toBe('skill://invoice⟦RLO⟧fdp.exe/SKILL.md');
  });

  it('a file’s URI, the digest the server published and the MIME type it served', () => {
    const fileUri = `skill://a/scripts/a${RLO}hs.py`;
    const entry = { serverId: 's1', uri: 'skill://a/SKILL.md', resources: [{ uri: fileUri, digest: `sha256:ab${RLO}`, size: 3 }] } as unknown as SkillEntry;
    const load = { state: 'loaded', content: { uri: fileUri, size: 3, digest: '', mimeType: `text/x${RLO}`, base64: '', isText: true } } as never;
    const text = shown(createElement(FileFacts, { entry, fileUri, node: undefined, load }));
    expect(text).toContain('URIskill://a/scripts/a⟦RLO⟧hs.py');
    expect(text).toContain('Digestsha256:ab⟦RLO⟧');
    expect(text).toContain('Typetext/x⟦RLO⟧');
  });

  it('the authorization page’s address', () => {
    const text = shown(createElement(PageNotice, { page: { serverId: 's1', url: `https://auth.example/${RLO}login`, tab: 'not-opened', seenSigningIn: false } }));
    expect(text).toContain('https://auth.example/⟦RLO⟧login');
  });
});
