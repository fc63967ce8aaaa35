// Every answer the OAuth flow reads (metadata, registration, tokens,
// revocation) is a small JSON document from a server the user does not
// control. The SDK reads each whole with response.json(); this fetch cuts a
// body off at a limit, so a document without end costs at most that much.
import type { FetchLike } from '@modelcontextprotocol/client';

/** OAuth metadata and token answers are a few KB; a megabyte is far more than any needs. */
export const MAX_OAUTH_RESPONSE_BYTES = 1024 * 1024;

/** An answer cut off at the limit: a renewal says it as its refusal (token-answer.ts), not as an authorization server that was down. */
export class OversizedAnswerError extends Error {
  override readonly name = 'OversizedAnswerError';
}

export function boundedFetch(base: FetchLike, maxBytes = MAX_OAUTH_RESPONSE_BYTES): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body) return response;
    const tooLarge = () => new OversizedAnswerError(`The answer from ${String(url)} passed the ${maxBytes}-byte limit for an OAuth response; reading stopped.`);
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw tooLarge();
    }
    const reader = response.body.getReader();
    let seen = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        seen += value.byteLength;
        if (seen > maxBytes) {
          await reader.cancel().catch(() => undefined);
          return controller.error(tooLarge());
        }
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    // Status and headers as sent; only the body is bounded (a null-body status keeps its null body above).
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
