import { describe, expect, it } from 'vitest';
import { rpcError, scriptedRpc } from '../../test/support/scripted-rpc.js';
import { READER_CASES } from './finding-cases-reading.unit.js';
import { GUIDE_URI, runFindingCases, SERVER } from './finding-cases.unit.js';
import { ByteBudget, decodeUtf8, readResourceBytes } from './reader.js';

runFindingCases(READER_CASES);

const options = (budget = new ByteBudget(() => 100)) => ({ maxFileBytes: 50, budget, location: { serverId: SERVER } });
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

  it('picks the content whose URI matches, not the first one', async () => {
    const read = await readResourceBytes(answering({ contents: [{ uri: `${GUIDE_URI}x`, text: 'wrong' }, { uri: GUIDE_URI, text: 'right' }] }), GUIDE_URI, options());
    expect(read.ok && read.bytes.toString()).toBe('right');
    expect(read.findings).toEqual([]);
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
