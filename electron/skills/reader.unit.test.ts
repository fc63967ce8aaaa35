import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { rpcError, scriptedRpc } from '../../test/support/scripted-rpc.js';
import { READER_CASES } from './finding-cases-reading.unit.js';
import { GUIDE_URI, runFindingCases, SERVER } from './finding-cases.unit.js';
import { ByteBudget, decodeUtf8, readResourceBytes, wireLimitFor } from './reader.js';
import { ResponseTooLarge, type RequestOptions } from './rpc.js';

runFindingCases(READER_CASES);

const options = (budget = new ByteBudget(() => 100), ...more: ByteBudget[]) => ({ maxFileBytes: 50, budgets: [budget, ...more], location: { serverId: SERVER } });
const answering = (result: unknown) => scriptedRpc({ 'resources/read': () => result });

describe('readResourceBytes', () => {
  it('hashes text as its UTF-8 bytes', async () => {
    const read = await readResourceBytes(answering({ contents: [{ uri: GUIDE_URI, text: 'é', mimeType: 'text/plain' }] }), GUIDE_URI, options());
    expect(read).toEqual({ ok: true, bytes: Buffer.from([0xc3, 0xa9]), mimeType: 'text/plain', wasText: true, findings: [] });
  });

  it('decodes a blob to its exact bytes', async () => {
    const read = await readResourceBytes(answering({ contents: [{ uri: GUIDE_URI, blob: Buffer.from([0, 255, 10]).toString('base64') }] }), GUIDE_URI, options());
    expect(read.ok && [...read.bytes]).toEqual([0, 255, 10]);
    expect(read.ok && read.wasText).toBe(false);
  });

  it('uses no content when the answer has a matching item and another: nothing is returned for a host to join or pick from', async () => {
    const read = await readResourceBytes(answering({ contents: [{ uri: `${GUIDE_URI}x`, text: 'wrong' }, { uri: GUIDE_URI, text: 'right' }] }), GUIDE_URI, options());
    expect(read).toMatchObject({ ok: false, reason: 'read-error' });
    expect(read.ok).toBe(false);
    expect('bytes' in read).toBe(false);
    expect(read.findings.map((f) => f.id)).toEqual(['inspector-read-ambiguous']);
  });

  it('checks limits before asking: nothing is requested for an oversized listed file', async () => {
    const rpc = answering({ contents: [] });
    const read = await readResourceBytes(rpc, GUIDE_URI, { ...options(), expectedSize: 51 });
    expect(read).toMatchObject({ ok: false, reason: 'too-large' });
    expect(rpc.calls).toEqual([]);
  });

  it('spends the budget on every byte read, and refuses once it would pass it', async () => {
    const budget = new ByteBudget(() => 100);
    const rpc = answering({ contents: [{ uri: GUIDE_URI, text: 'x'.repeat(40) }] });
    await readResourceBytes(rpc, GUIDE_URI, { ...options(budget), expectedSize: 40 });
    await readResourceBytes(rpc, GUIDE_URI, { ...options(budget), expectedSize: 40 });
    expect(budget.remaining).toBe(20);
    const third = await readResourceBytes(rpc, GUIDE_URI, { ...options(budget), expectedSize: 40 });
    expect(third.findings.map((f) => f.id)).toEqual(['inspector-budget-exceeded']);
    expect(rpc.calls).toHaveLength(2);
    budget.reset();
    expect(budget.remaining).toBe(100);
  });

  it('counts bytes read, not declared sizes: three unsized 40-byte files pass a 100-byte skill budget on the third', async () => {
    const server = new ByteBudget(() => 1_000);
    const skill = ByteBudget.of('skill', () => ({ ...DEFAULT_SETTINGS, skillByteBudget: 100 }));
    const rpc = answering({ contents: [{ uri: GUIDE_URI, text: 'x'.repeat(40) }] });
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await readResourceBytes(rpc, GUIDE_URI, options(server, skill)));
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, false, false]);
    expect(outcomes[2]!.findings.map((f) => [f.id, f.actual])).toEqual([['inspector-skill-budget-exceeded', '40 bytes']]);
    // The third read's bytes arrived and are spent; the fourth is refused before it is asked for.
    expect(outcomes[3]!.findings.map((f) => [f.id, f.actual])).toEqual([['inspector-skill-budget-exceeded', 'any bytes']]);
    expect(rpc.calls).toHaveLength(3);
    expect(skill.remaining).toBe(0);
    expect(server.remaining).toBe(1_000 - 120);
  });

  it('reports each budget a read passes with its own finding', async () => {
    const budgets = [new ByteBudget(() => 30), new ByteBudget(() => 30, 'skill'), new ByteBudget(() => 1_000, 'job')];
    const read = await readResourceBytes(answering({ contents: [{ uri: GUIDE_URI, text: 'x'.repeat(40) }] }), GUIDE_URI, { ...options(), budgets });
    expect(read.ok).toBe(false);
    expect(read.findings.map((f) => f.id)).toEqual(['inspector-budget-exceeded', 'inspector-skill-budget-exceeded']);
  });

  it('makes budgets of each kind from the settings, read live', () => {
    let settings = { ...DEFAULT_SETTINGS };
    const skill = ByteBudget.of('skill', () => settings);
    const job = ByteBudget.of('job', () => settings);
    expect([skill.kind, skill.total, job.kind, job.total]).toEqual(['skill', DEFAULT_SETTINGS.skillByteBudget, 'job', DEFAULT_SETTINGS.jobByteBudget]);
    settings = { ...settings, skillByteBudget: 5 };
    expect(skill.remaining).toBe(5);
    expect(new ByteBudget(() => 1).kind).toBe('server');
  });

  it('asks the transport to stop an answer past twice the per-file limit plus 64 KiB, on every read', async () => {
    const seen: Array<RequestOptions | undefined> = [];
    const rpc = {
      serverId: SERVER,
      era: 'modern' as const,
      request: (_m: string, _p: Record<string, unknown>, o?: RequestOptions) => {
        seen.push(o);
        return Promise.resolve({ contents: [{ uri: GUIDE_URI, text: 'x' }] });
      },
    };
    await readResourceBytes(rpc, GUIDE_URI, options());
    await readResourceBytes(rpc, GUIDE_URI, { ...options(), maxFileBytes: 16 * 1024 * 1024 });
    expect(seen.map((o) => o?.maxResponseBytes)).toEqual([2 * 50 + 65_536, 32 * 1024 * 1024 + 65_536]);
    expect(wireLimitFor(1_000)).toBe(67_536);
    // A file at the limit, served as base64 or as JSON-escaped text of quotes and newlines, fits.
    const limit = 1_000;
    expect(JSON.stringify({ blob: Buffer.alloc(limit, 0xff).toString('base64') }).length).toBeLessThan(wireLimitFor(limit));
    expect(JSON.stringify({ text: '"\n'.repeat(limit / 3) }).length).toBeLessThan(wireLimitFor(limit));
  });

  it('counts the bytes of an answer stopped on the wire against every budget', async () => {
    const budget = new ByteBudget(() => 100_000);
    const rpc = scriptedRpc({
      'resources/read': () => {
        throw new ResponseTooLarge(wireLimitFor(50), 70_000);
      },
    });
    const read = await readResourceBytes(rpc, GUIDE_URI, options(budget));
    expect(read).toMatchObject({ ok: false, reason: 'too-large' });
    expect(read.findings.map((f) => f.id)).toEqual(['inspector-file-too-large']);
    expect(budget.remaining).toBe(30_000);
  });

  it('returns the error code of a failed read', async () => {
    const read = await readResourceBytes(
      scriptedRpc({
        'resources/read': () => {
          throw rpcError(-32603, 'disk on fire');
        },
      }),
      GUIDE_URI,
      options(),
    );
    expect(read).toMatchObject({ ok: false, reason: 'read-error', errorCode: -32603, message: `resources/read of ${GUIDE_URI} failed (-32603): disk on fire` });
  });

  it('passes the abort signal on to the request', async () => {
    const abort = new AbortController();
    let seen: AbortSignal | undefined;
    const rpc = {
      serverId: SERVER,
      era: 'modern' as const,
      request: (_m: string, _p: Record<string, unknown>, o?: { signal?: AbortSignal }) => {
        seen = o?.signal;
        return Promise.resolve({ contents: [{ uri: GUIDE_URI, text: 'x' }] });
      },
    };
    await readResourceBytes(rpc, GUIDE_URI, { ...options(), signal: abort.signal });
    expect(seen).toBe(abort.signal);
  });
});

describe('decodeUtf8', () => {
  it('decodes valid UTF-8 and refuses invalid bytes', () => {
    expect(decodeUtf8(Buffer.from('naïve'))).toBe('naïve');
    expect(decodeUtf8(Buffer.from([0xff, 0xfe]))).toBeUndefined();
    expect(decodeUtf8(Buffer.from([0xc3]))).toBeUndefined();
  });
});
