// Routes one contract call to its handler: validates the arguments against the
// contract's schema, runs the handler, and wraps the outcome in the envelope
// both adapters return. No stack trace ever reaches the renderer.
import { PARAMS, isMethod, type ApiError, type Envelope, type Method, type ParsedParams, type Results } from '../shared/api.js';
import { ApiFailure } from './api-failure.js';
import { causeOfCall, withCause } from './connections/request-cause.js';

export type Handlers = { readonly [M in Method]: (params: ParsedParams<M>) => Promise<Results[M]> };

export async function dispatch(handlers: Handlers, method: unknown, params: unknown): Promise<Envelope<unknown>> {
  if (!isMethod(method)) {
    return { ok: false, error: { code: 'unknown-method', message: `Unknown method ${JSON.stringify(typeof method === 'string' ? method : typeof method).slice(0, 80)}.` } };
  }
  const schema = PARAMS[method];
  const parsed = schema.safeParse(params ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`);
    return { ok: false, error: { code: 'invalid-params', message: `Invalid arguments for ${method}: ${issues.join('; ')}.` } };
  }
  try {
    const handler = handlers[method] as (p: unknown) => Promise<unknown>;
    // The requests the call sends carry its cause into the protocol log.
    const why = causeOfCall(method);
    const result = await (why ? withCause(why, () => handler(parsed.data)) : handler(parsed.data));
    return { ok: true, result };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiFailure) return { code: error.code, message: error.message, ...(error.detail ? { detail: error.detail } : {}) };
  if (error && typeof error === 'object' && 'issues' in error && Array.isArray((error as { issues: unknown[] }).issues)) {
    const issues = (error as { issues: Array<{ path: unknown[]; message: string }> }).issues;
    return { code: 'invalid-params', message: issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; ') };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'failed', message };
}
