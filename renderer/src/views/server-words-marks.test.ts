// What a server says about itself (serverInfo name, version, title), the URL
// it is reached at, and what its listing names (allowed tools, program paths,
// nested skills, fields): drawn as marks, or written with the marker
// (⟦RLO⟧) where only a string can go (the listing marks' tooltips).
import { Table } from '@mantine/core';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ServerView } from '../../../shared/model.js';
import type { ListingFacts } from '../../../shared/listing-facts.js';
import { factWords } from '../components/ListingFacts.js';
import { RAW_HIDDEN, shownTextOf, staticMarkup } from '../components/static-markup.js';
import { ConnectionFactRows } from './server/ConnectionFacts.js';
import { ReviewOrigin } from './review/ReviewOrigin.js';

const RLO = '\u202E';

describe('a server’s words about itself', () => {
  it('serverInfo name, version and title, and the URL, as marks', () => {
    const server = {
      config: { id: 's1', label: 'x', transport: { kind: 'http', url: `https://a.example/${RLO}mcp`, headers: {} }, createdAt: '2026-01-01T00:00:00.000Z' },
      connection: { serverId: 's1', status: 'connected', selfReported: { name: `demo${RLO}x`, version: `1.0${RLO}`, title: `T\u2066i\u2069` } },
      skillCount: 0,
    } as unknown as ServerView;
    const text = shownTextOf(staticMarkup(createElement(Table, null, createElement(Table.Tbody, null, createElement(ConnectionFactRows, { server, unknown: '?' })))));
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(text).toContain('https://a.example/⟦RLO⟧mcp');
    expect(text).toContain('demo⟦RLO⟧x 1.0⟦RLO⟧ — T⟦LRI⟧i⟦PDI⟧');
  });
});

describe('the review’s origin', () => {
  it('the server label, how it is reached and what it says it is, as marks', () => {
    const report = { origin: { serverLabel: `lab${RLO}el`, transport: `node ${RLO}srv.js`, source: 'listed', era: 'modern', selfReported: { name: `demo${RLO}x`, version: '1', title: `T${RLO}` } } } as never;
    const text = shownTextOf(staticMarkup(createElement(ReviewOrigin, { report })));
    expect(text).not.toMatch(RAW_HIDDEN);
    expect(text).toContain('lab⟦RLO⟧el');
    expect(text).toContain('node ⟦RLO⟧srv.js');
    expect(text).toContain('demo⟦RLO⟧x 1 (“T⟦RLO⟧”)');
  });
});

describe('the listing’s facts in words (the marks’ tooltips and accessible names)', () => {
  it('tools, programs, nested skills and fields with the marker', () => {
    const facts = {
      allowedTools: [{ tool: `Bash${RLO}` }],
      scripts: [{ path: `scripts/a${RLO}hs.py`, runtime: 'python', kind: 'script', reason: 'r' }],
      executables: [],
      nestedSkills: [{ path: `n\nested` }],
      hidden: [{ field: `desc${RLO}`, summary: '1 bidirectional control' }],
      fileCount: 1,
      totalBytes: 10,
      sizeUnknown: 0,
      dynamic: false,
    } as unknown as ListingFacts;
    const words = factWords(facts);
    expect(words.tools).toBe('Asks to use 1 tool without asking each time: Bash⟦RLO⟧');
    expect(words.scripts).toBe('1 script by name: scripts/a⟦RLO⟧hs.py (python)');
    expect(words.nested).toBe('1 nested skill: n⟦LF⟧ested');
    expect(words.hidden).toBe('The desc⟦RLO⟧ holds 1 bidirectional control, shown marked');
  });
});
