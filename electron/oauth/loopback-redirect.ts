// The redirect back from the browser: a listener on 127.0.0.1 with a port the
// OS picks, at /callback (RFC 8252 §7.3: any port on the loopback). It takes
// one answer — the first request to /callback, right or wrong — checks its
// `state` against the one this sign-in sent, shows a page that says what
// happened, and closes. Nothing else it is sent is acted on.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { OAuthFlowError, quoted } from './oauth-errors.js';

export interface RedirectAnswer {
  readonly code: string;
  /** RFC 9207's `iss`, when the authorization server sends it (the SDK checks it). */
  readonly iss?: string;
}

/** How long a sign-in may wait for the browser. */
export const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

const CALLBACK_PATH = '/callback';

function page(title: string, text: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(title)}</title><body style="font:16px system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em"><h1 style="font-size:1.4em">${escape(title)}</h1><p>${escape(text)}</p></body>`;
}

export class LoopbackRedirect {
  private constructor(
    private readonly server: Server,
    readonly redirectUrl: string,
  ) {}

  /** Listens on 127.0.0.1 on a free port. */
  static async open(): Promise<LoopbackRedirect> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('The sign-in listener did not get a port.');
    return new LoopbackRedirect(server, `http://127.0.0.1:${address.port}${CALLBACK_PATH}`);
  }

  /**
   * Waits for the one redirect: resolves with the code when `state` matches; rejects with an
   * OAuthFlowError on a wrong state, an error answer (access_denied…), a timeout or `signal`.
   * Closes the listener either way.
   */
  wait(state: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<RedirectAnswer> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS;
    return new Promise<RedirectAnswer>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: { answer: RedirectAnswer } | { error: Error }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        this.server.removeListener('request', onRequest);
        void this.close();
        if ('answer' in outcome) resolve(outcome.answer);
        else reject(outcome.error);
      };
      const onAbort = () => finish({ error: new OAuthFlowError('oauth-cancelled', 'The sign-in was cancelled before the browser came back.') });
      const timer = setTimeout(
        () => finish({ error: new OAuthFlowError('oauth-timeout', `Nobody finished the sign-in in the browser within ${Math.round(timeoutMs / 1000)} s; the listener on ${this.redirectUrl} was closed.`) }),
        timeoutMs,
      );
      const onRequest = (req: IncomingMessage, res: ServerResponse) => {
        // Any program here can send a target that is no URL (`GET http://[`); a throw in this listener would end the process.
        const url = URL.canParse(req.url ?? '/', this.redirectUrl) ? new URL(req.url ?? '/', this.redirectUrl) : undefined;
        if (!url) {
          res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('Bad request target\n');
          return;
        }
        if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
          // A favicon or a stray request: not the answer, and not a reason to stop waiting.
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
          return;
        }
        const reply = (status: number, title: string, text: string) =>
          res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" }).end(page(title, text));
        const params = url.searchParams;
        if (params.get('state') !== state) {
          reply(400, 'Sign-in refused', 'This answer does not belong to the sign-in Skill Inspector started (its state does not match), so it was not used. Start the sign-in again from Skill Inspector.');
          finish({ error: new OAuthFlowError('oauth-state-mismatch', `The redirect to ${CALLBACK_PATH} carried state ${quoted(params.get('state') ?? '(none)', 80)}, not the one this sign-in sent; the answer was refused and the sign-in stopped.`) });
          return;
        }
        const error = params.get('error');
        if (error !== null) {
          const description = params.get('error_description');
          reply(400, 'Sign-in not completed', `The authorization server said: ${error}${description ? ` — ${description}` : ''}. You can close this tab and try again in Skill Inspector.`);
          const problem = error === 'access_denied' ? 'oauth-denied' : 'oauth-failed';
          finish({ error: new OAuthFlowError(problem, `The authorization server sent the browser back with error ${quoted(error, 80)}${description ? `: ${quoted(description)}` : ''}.`) });
          return;
        }
        const code = params.get('code');
        if (!code) {
          reply(400, 'Sign-in not completed', 'The answer carried no authorization code. Try again in Skill Inspector.');
          finish({ error: new OAuthFlowError('oauth-failed', 'The redirect carried neither a code nor an error.') });
          return;
        }
        reply(200, 'Signed in', 'You can close this tab and return to Skill Inspector.');
        const iss = params.get('iss');
        finish({ answer: { code, ...(iss !== null ? { iss } : {}) } });
      };
      if (options.signal?.aborted) {
        onAbort();
        return;
      }
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.server.on('request', onRequest);
    });
  }

  /** Stops listening; an answer being written is let finish (it says `connection: close`). */
  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    await closed;
  }
}
