// Properties of the browser bridge's message parser: whatever arrives over the
// socket (or the IPC channel) — any string, any JSON, any JS value — it never
// throws, and it accepts exactly the messages with a safe-integer id and a
// method of the contract.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METHODS, parseBridgeRequest } from './api.js';

const anyValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

const oddMethod = fc.oneof(fc.constantFrom(...METHODS), fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'));
const oddId = fc.oneof(fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 2), fc.string());

/** Messages close to valid ones: a real or fake method, a good or bad id, any params. */
const nearMiss = fc.record({ id: fc.oneof(oddId, anyValue), method: fc.oneof(oddMethod, anyValue), params: anyValue }, { requiredKeys: [] });
/** The same, as text that could arrive on the socket. */
const nearMissText = fc
  .record({ id: fc.oneof(oddId, fc.jsonValue()), method: fc.oneof(oddMethod, fc.jsonValue()), params: fc.jsonValue() }, { requiredKeys: [] })
  .map((m) => JSON.stringify(m));

function isValid(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return typeof record['id'] === 'number' && Number.isSafeInteger(record['id']) && typeof record['method'] === 'string' && (METHODS as readonly string[]).includes(record['method']);
}

describe('parseBridgeRequest (property-based)', () => {
  it('never throws on any string, and accepts a string only when its JSON is a valid message', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json(), nearMissText), (raw) => {
        const parsed = parseBridgeRequest(raw);
        let json: unknown;
        let isJson = true;
        try {
          json = JSON.parse(raw);
        } catch {
          isJson = false;
        }
        expect(parsed.ok).toBe(isJson && isValid(json));
        if (!parsed.ok) expect(parsed.error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never throws on any value at all (null prototypes, symbols, bigints, maps…)', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, nearMiss), (raw) => {
        const parsed = parseBridgeRequest(raw);
        expect(parsed.ok).toBe(typeof raw !== 'string' && isValid(raw));
      }),
      { numRuns: 2_000 },
    );
  });

  it('a valid message comes back as sent: the same id and method, params defaulting to {}', () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(...METHODS), fc.option(fc.jsonValue(), { nil: undefined }), (id, method, params) => {
        const message = { id, method, ...(params !== undefined ? { params } : {}) };
        for (const raw of [message, JSON.stringify(message)]) {
          const parsed = parseBridgeRequest(raw);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          expect(parsed.request.id).toBe(id);
          expect(parsed.request.method).toBe(method);
          // Through JSON, -0 becomes 0: compare with what JSON carries.
          const sent = typeof raw === 'string' ? (JSON.parse(raw) as { params?: unknown }).params : params;
          expect(parsed.request.params).toEqual(sent ?? {});
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('an unknown method is answered with the id, so the caller can match the error to its call', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.string().filter((m) => !(METHODS as readonly string[]).includes(m)), (id, method) => {
        const parsed = parseBridgeRequest(JSON.stringify({ id, method }));
        expect(parsed).toMatchObject({ ok: false, id, error: { code: 'unknown-method' } });
      }),
      { numRuns: 500 },
    );
  });
});
