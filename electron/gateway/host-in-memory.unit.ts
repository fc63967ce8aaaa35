// A host connected to the gateway in this process over a linked in-memory
// pair, as a host over stdio would be: what the gateway's tests drive it with.
import { Client } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { Gateway } from './gateway.js';

export interface HostInMemory {
  readonly client: Client;
  /** The host's skills API over that client. */
  readonly host: SkillsClient;
}

/** Syncs the gateway (its first refresh), then connects a host named `name`; its close is pushed on `cleanup` when given. */
export async function hostOf(gateway: Gateway, name: string, cleanup?: Array<() => Promise<void>>): Promise<HostInMemory> {
  await gateway.sync();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.createServer().connect(serverSide);
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(clientSide);
  cleanup?.push(() => client.close());
  return { client, host: new SkillsClient(client) };
}
