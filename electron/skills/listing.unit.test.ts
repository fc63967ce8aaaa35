import { describe, expect, it } from 'vitest';
import { rpcError, scriptedRpc } from '../../test/support/scripted-rpc.js';
import { LISTING_CASES } from './finding-cases-discovery.unit.js';
import { cached, cleanSkill, runFindingCases } from './finding-cases.unit.js';
import { listAllSkills } from './listing.js';

runFindingCases(LISTING_CASES);

const LIMITS = { maxListPages: 10, maxListEntries: 100, maxListBytes: 1_000_000 };
const a = cleanSkill('skill://acme/a', 'a').entry;
const b = cleanSkill('skill://acme/b', 'b').entry;

describe('listAllSkills', () => {
  it('follows cursors page by page and keeps the first page cache hint', async () => {
    const rpc = scriptedRpc({ 'skills/list': (_p, call) => (call === 0 ? { skills: [a], nextCursor: 'x', ttlMs: 10, cacheScope: 'private' } : { skills: [b], ttlMs: 99, cacheScope: 'private' }) });
    const pages: string[][] = [];
    const result = await listAllSkills(rpc, LIMITS, { onPage: (entries) => pages.push(entries.map((e) => e.uri)) });
    expect(rpc.callsOf('skills/list').map((c) => c.params)).toEqual([{}, { cursor: 'x' }]);
    expect(pages).toEqual([['skill://acme/a/SKILL.md'], ['skill://acme/b/SKILL.md']]);
    expect(result).toMatchObject({ implemented: true, complete: true, pages: 2, cache: { ttlMs: 10, scope: 'private' }, findings: [] });
    expect(result.entries.map((e) => e.uri)).toEqual(['skill://acme/a/SKILL.md', 'skill://acme/b/SKILL.md']);
  });

  it('says "not implemented" for -32601 on the first page, without findings', async () => {
    const result = await listAllSkills(scriptedRpc({}), LIMITS);
    expect(result).toMatchObject({ implemented: false, complete: true, pages: 0, findings: [], entries: [] });
  });

  it('keeps what it has when a later page fails', async () => {
    const rpc = scriptedRpc({
      'skills/list': (_p, call) => {
        if (call === 0) return cached({ skills: [a], nextCursor: 'x' });
        throw rpcError(-32603, 'boom');
      },
    });
    const result = await listAllSkills(rpc, LIMITS);
    expect(result.complete).toBe(false);
    expect(result.entries).toHaveLength(1);
    expect(result.findings.map((f) => [f.id, f.message])).toEqual([['inspector-invalid-result', 'skills/list page 2 failed: boom']]);
  });

  it('shows the valid entries of a page that also has malformed ones', async () => {
    const result = await listAllSkills(scriptedRpc({ 'skills/list': () => cached({ skills: [a, 42, { uri: 7 }, b] }) }), LIMITS);
    expect(result.entries.map((e) => e.uri)).toEqual(['skill://acme/a/SKILL.md', 'skill://acme/b/SKILL.md']);
    expect(result.findings.map((f) => f.id)).toEqual(['sep-2640-entry-uri-required', 'sep-2640-entry-uri-required']);
    expect(result.findings[0]?.message).toContain('skills/list page 1, entry 1');
  });

  it('stops at the byte limit', async () => {
    const result = await listAllSkills(scriptedRpc({ 'skills/list': () => cached({ skills: [a], nextCursor: 'more', padding: 'x'.repeat(2000) }) }), { ...LIMITS, maxListBytes: 1000 });
    expect(result).toMatchObject({ complete: false, pages: 1 });
    expect(result.findings.map((f) => f.id)).toEqual(['inspector-list-limit']);
  });

  it('stops on a cursor that is not a string', async () => {
    const result = await listAllSkills(scriptedRpc({ 'skills/list': () => cached({ skills: [], nextCursor: 7 }) }), LIMITS);
    expect(result.complete).toBe(false);
    expect(result.findings.map((f) => f.message)).toEqual(['nextCursor on page 1 is not a string (7); listing stopped.']);
  });

  it('stops before the next page once aborted', async () => {
    const abort = new AbortController();
    const rpc = scriptedRpc({
      'skills/list': () => {
        abort.abort();
        return cached({ skills: [a], nextCursor: 'x' });
      },
    });
    const result = await listAllSkills(rpc, LIMITS, { signal: abort.signal });
    expect(rpc.calls).toHaveLength(1);
    expect(result).toMatchObject({ complete: false, pages: 1 });
  });

  it('reports a skill listed twice on one page once, naming the page', async () => {
    const result = await listAllSkills(scriptedRpc({ 'skills/list': () => cached({ skills: [a, a] }) }), LIMITS);
    expect(result.entries).toHaveLength(1);
    expect(result.findings.map((f) => f.message)).toEqual(['skill://acme/a/SKILL.md is listed twice on page 1; the later copy was ignored.']);
  });
});
