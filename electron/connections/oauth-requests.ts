// A request to a server that signs in with OAuth, as the connection sends it:
// a 403 insufficient_scope runs the step-up sign-in and the request goes once
// more; a failure that means the token is gone for good (revoked, refresh
// refused, the wrong audience) says what the connection has lost.
import { InsufficientScopeError } from '@modelcontextprotocol/client';
import type { Diagnostic } from '../../shared/model.js';
import { OAuthFlowError, diagnoseOAuth } from '../oauth/oauth-errors.js';
import type { TransportAuth } from '../oauth/oauth-sessions.js';
import type { ProtocolLog } from './protocol-log.js';

/** OAuth failures of a request that leave the connection unusable until a new sign-in. */
const LOST_AUTH = new Set(['oauth-sign-in-required', 'oauth-refresh-refused', 'oauth-wrong-audience']);

export interface StepUpContext {
  readonly auth: TransportAuth | undefined;
  readonly log: ProtocolLog;
  readonly method: string;
  readonly url: string;
  readonly signal?: AbortSignal | undefined;
  /** The connection cannot be used any more: fail it with this diagnostic. */
  readonly lost: (diagnostic: Diagnostic) => void;
}

export async function withStepUp<T>(send: () => Promise<T>, context: StepUpContext): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const auth = context.auth;
    if (auth && error instanceof OAuthFlowError && LOST_AUTH.has(error.problem)) {
      const found = diagnoseOAuth(error, context.url, true);
      if (found) context.lost({ ...found, whileConnected: true });
    }
    if (!(error instanceof InsufficientScopeError) || !auth || context.signal?.aborted) throw error;
    context.log.note(`${context.method} was refused for lack of scope ${JSON.stringify(error.requiredScope ?? '')}; signing in for more scope (step-up).`);
    await auth.stepUp(error);
    return send();
  }
}
