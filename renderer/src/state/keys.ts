// A skill's identity is (server, URI) — never the URI alone: two servers may
// serve the same URI with different content.
export const skillKey = (serverId: string, uri: string) => `${serverId}\n${uri}`;
