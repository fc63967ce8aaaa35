// A deliberately careless host for the conformance tests: it lists, then reads
// every file of the first skill without verifying anything. The official
// client scenarios must fail it — proof that they can fail at all.
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const url = process.argv.at(-1);
const client = new Client({ name: 'naive-host', version: '0' }, { versionNegotiation: { mode: 'auto' } });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
const listing = await client.request({ method: 'skills/list', params: {} }, { '~standard': { version: 1, vendor: 'x', validate: (value) => ({ value }) } });
for (const file of listing.skills[0].resources) await client.readResource({ uri: file.uri });
await client.close();
