// An HTTP server's own headers (an API key, a tenant) go to that server only.
// Given to the SDK as requestInit, they were merged into its OAuth requests as
// well, so they reached whatever authorization server the server's metadata
// named; as a fetch wrapper they are added to the server's own requests alone.

/**
 * Adds the headers set for a server to the requests that go to that server (its origin, or the https
 * form of it, as the SDK follows a redirect), and to no other. A header the SDK set itself wins, as it
 * did over requestInit's (the OAuth token's Authorization, the session, the protocol version).
 */
export function withServerHeaders(base: typeof fetch, serverUrl: string, headers: Readonly<Record<string, string>>): typeof fetch {
  const names = Object.keys(headers);
  if (names.length === 0) return base;
  const home = new URL(serverUrl);
  return (input, init) => {
    const raw = input instanceof Request ? input.url : String(input);
    const target = URL.canParse(raw) ? new URL(raw) : undefined;
    if (!target || !sameServer(home, target)) return base(input, init);
    const merged = new Headers(init?.headers);
    for (const name of names) {
      const mine = merged.get(name);
      // Accept is the one the SDK added to rather than replaced: the server's types first, then the SDK's.
      if (mine === null) merged.set(name, headers[name]!);
      else if (name.toLowerCase() === 'accept') merged.set(name, [...new Set(`${headers[name]!},${mine}`.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean))].join(', '));
    }
    return base(input, { ...init, headers: merged });
  };
}

/** The SDK's own rule for a redirect it follows: the same scheme, host and port, or http to https on the same host's default ports. */
function sameServer(home: URL, target: URL): boolean {
  if (home.protocol === target.protocol && home.host === target.host) return true;
  return home.protocol === 'http:' && target.protocol === 'https:' && home.hostname === target.hostname && !home.port && !target.port;
}
