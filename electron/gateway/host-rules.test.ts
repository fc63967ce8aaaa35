// The gateway's reading of what a host's SDK refuses (host-rules.ts) against
// the SDK itself: the same entries served raw through a SkillsExtension and
// listed by the SDK's SkillsClient, so a rule the SDK adds or changes fails
// here. And an approved skill the SDK would drop is withheld with the reason,
// not counted as served while no host gets it.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { SkillsExtension, type Skill } from '@modelcontextprotocol/server/ext/skills';
import { sha256Digest } from '../snapshots/snapshot-store.js';
import { Gateway, type GatewayCatalog } from './gateway.js';
import { hostRefusals } from './host-rules.js';
import { buildServedSkill, type ServedSkill } from './served-skill.js';

const DIGEST = sha256Digest(Buffer.from('x'));

function entry(path: string, frontmatter: Record<string, unknown>, files: string[] = []): Skill {
  const uri = `skill://h/${path}/SKILL.md`;
  return { uri, frontmatter: { name: path.split('/').pop(), description: 'Does a thing', ...frontmatter } as Skill['frontmatter'], resources: [uri, ...files.map((f) => `skill://h/${path}/${f}`)].map((u) => ({ uri: u, digest: DIGEST, size: 1 })) };
}

const CASES: Skill[] = [
  entry('notes', {}),
  entry('Notes', {}),
  entry('a--b', {}),
  entry('x'.repeat(65), {}),
  entry('mismatch', { name: 'other' }),
  entry('empty-description', { description: '' }),
  entry('long-description', { description: 'd'.repeat(1025) }),
  entry('astral-description', { description: '😀'.repeat(1024) }),
  entry('long-compatibility', { compatibility: 'c'.repeat(501) }),
  entry('empty-compatibility', { compatibility: '' }),
  entry('number-compatibility', { compatibility: 3 }),
  entry('number-metadata', { metadata: { version: 1 } }),
  entry('string-metadata', { metadata: { version: '1' } }),
  entry('empty-segment', {}, ['references//guide.md']),
  entry('nul-segment', {}, ['references/a%00b.md']),
  entry('plain-file', {}, ['references/guide.md']),
  // The SDK's URI form and path rules (validateSkillEntry in its skills extension), which the gateway's reading lacked:
  entry('slash-in-name', {}, ['references%2Fguide.md']),
  entry('query-file', {}, ['guide.md?v=2']),
  entry('fragment-file', {}, ['guide.md#top']),
  entry('listed-twice', {}, ['guide.md', 'guide.md']),
  entry('respelled-twice', {}, ['Q&A.md', 'Q%26A.md']),
  entry('lone-surrogate-twice', {}, ['a\uD800.md', 'a%EF%BF%BD.md']),
  entry('sibling-file', {}, ['../other/guide.md']),
  entry('encoded-name', {}, ['Q%26A.md']),
  { ...entry('no-skill-md', {}), resources: [{ uri: 'skill://h/no-skill-md/guide.md', digest: DIGEST, size: 1 }] },
  { ...entry('lower-skill-md', {}), uri: 'skill://h/lower-skill-md/skill.md' },
  { ...entry('empty-folder', { name: 'empty-folder' }), uri: 'skill://h/empty-folder//SKILL.md', resources: [{ uri: 'skill://h/empty-folder//SKILL.md', digest: DIGEST, size: 1 }] },
  { ...entry('authority-only', { name: 'solo' }), uri: 'skill://solo/SKILL.md', resources: [{ uri: 'skill://solo/SKILL.md', digest: DIGEST, size: 1 }] },
  entry('pdf%2Dtools', { name: 'pdf-tools' }),
];

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

async function listThrough(server: McpServer): Promise<string[]> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'host-rules-test', version: '1.0.0' });
  await client.connect(clientSide);
  open.push(client);
  return (await new SkillsClient(client).list()).skills.map((s) => s.uri);
}

describe('what a host refuses in a skills/list entry', () => {
  it('is exactly what the SDK drops', async () => {
    const server = new McpServer({ name: 'raw', version: '1' });
    new SkillsExtension({ source: { list: async () => ({ skills: CASES }), get: async () => undefined, read: async () => undefined }, onWarning: () => undefined }).attach(server);
    const listed = await listThrough(server);
    const taken = CASES.filter((c) => hostRefusals(c).length === 0).map((c) => c.uri);
    expect(taken).toEqual(listed);
    expect(taken).toEqual(['skill://h/notes/SKILL.md', 'skill://h/astral-description/SKILL.md', 'skill://h/string-metadata/SKILL.md', 'skill://h/plain-file/SKILL.md', 'skill://h/encoded-name/SKILL.md', 'skill://solo/SKILL.md', 'skill://h/pdf%2Dtools/SKILL.md']);
  });

  it('an approved skill a host would drop is not served, and the gateway says why', async () => {
    const skillMd = Buffer.from('---\nname: Notes\ndescription: Takes notes\n---\nWrite it down.\n', 'utf8');
    const input = { serverId: 'srv', label: 'Notes server', namespace: 'notes-server', upstreamUri: 'skill://notes/SKILL.md', resources: [{ uri: 'skill://notes/SKILL.md', digest: sha256Digest(skillMd), size: skillMd.byteLength }], skillMd, allowedToolsGranted: false };
    expect(buildServedSkill(input)).toEqual({ ok: false, reason: 'hosts would drop it from skills/list: its name "Notes" is not 1-64 lowercase letters, digits and single hyphens' });
    // Served as the catalogs do: only what builds.
    const built = buildServedSkill(input);
    const catalog: GatewayCatalog = { refresh: async (): Promise<readonly ServedSkill[]> => (built.ok ? [built.skill] : []), readApproved: async () => skillMd };
    const gateway = new Gateway(catalog);
    await gateway.sync();
    expect(gateway.served).toEqual([]);
  });

  it('an approved skill whose files the SDK takes for one is not served: a lone surrogate and U+FFFD are one name to WHATWG URLs', async () => {
    const skillMd = Buffer.from('---\nname: notes\ndescription: Takes notes\n---\nWrite it down.\n', 'utf8');
    const note = Buffer.from('note\n', 'utf8');
    const ref = (uri: string, bytes: Buffer) => ({ uri, digest: sha256Digest(bytes), size: bytes.byteLength });
    const resources = [ref('skill://notes/SKILL.md', skillMd), ref('skill://notes/a\uD800.md', note), ref('skill://notes/a%EF%BF%BD.md', note)];
    const built = buildServedSkill({ serverId: 'srv', label: 'Notes server', namespace: 'notes-server', upstreamUri: 'skill://notes/SKILL.md', resources, skillMd, allowedToolsGranted: false });
    expect(built).toEqual({ ok: false, reason: 'hosts would drop it from skills/list: its file skill://notes-server/notes/a%EF%BF%BD.md is listed twice as hosts spell files (skill://notes-server/notes/a%EF%BF%BD.md)' });
  });
});
