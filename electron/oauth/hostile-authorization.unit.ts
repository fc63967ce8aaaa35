// Test helper: a real HTTP server on 127.0.0.1 that is its own authorization
// server and goes the whole way (metadata, registration, an authorization
// page that sends the browser straight back with a code, the token), each
// answer the test's to make hostile. The "browser" is a fetch of the page.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileAnswers {
  /** The RFC 8414 document, from the honest one. */
  readonly metadata?: (honest: Record<string, unknown>, base: string) => Record<string, unknown>;
  /** How /.well-known/oauth-authorization-server answers, instead of the document (a redirect, say). */
  readonly metadataAnswer?: (res: ServerResponse, base: string) => void;
  /** The registration's answer, from the honest one. */
  readonly client?: (honest: Record<string, unknown>) => Record<string, unknown>;
  /** The token answer, from the honest one, for each token request (the form's grant_type given). */
  readonly token?: (honest: Record<string, unknown>, grantType: string) => unknown;
}

export interface HostileServer {
  readonly url: string;
  readonly base: string;
  /** Every request line received, in order. */
  readonly requests: string[];
  close(): void;
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
  });

export async function startHostile(answers: HostileAnswers = {}): Promise<HostileServer> {
  const requests: string[] = [];
  let issued = 0;
  const server: Server = createServer(async (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const body = await bodyOf(req);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const json = (value: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(typeof value === 'string' ? value : JSON.stringify(value));
    const url = new URL(req.url ?? '/', base);
    if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) return json({ resource: `${base}/mcp`, authorization_servers: [base] });
    if (url.pathname.startsWith('/.well-known/oauth-authorization-server')) {
      if (answers.metadataAnswer) return answers.metadataAnswer(res, base);
      const honest = { issuer: base, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, registration_endpoint: `${base}/register`, response_types_supported: ['code'], code_challenge_methods_supported: ['S256'] };
      return json(answers.metadata?.(honest, base) ?? honest);
    }
    if (url.pathname === '/register') {
      const honest = { ...(JSON.parse(body) as Record<string, unknown>), client_id: 'client-1' };
      return json(answers.client?.(honest) ?? honest, 201);
    }
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', 'code-1');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/token') {
      const grantType = new URLSearchParams(body).get('grant_type') ?? '';
      issued += 1;
      const honest = { access_token: `access-${issued}`, token_type: 'Bearer', expires_in: 3600, refresh_token: `refresh-${issued}` };
      return json(answers.token?.(honest, grantType) ?? honest);
    }
    if (url.pathname === '/mcp') return res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/mcp`,
    base,
    requests,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The browser: opens the authorization page and follows it back to the app's loopback listener. */
export async function browse(url: string): Promise<void> {
  await fetch(url).then((response) => response.text()).catch(() => undefined);
}
