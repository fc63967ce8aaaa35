// What a host gets from the gateway's resources/read: the approved bytes, as
// text exactly when they are UTF-8, found by the URI the listing gave out or by
// another spelling of it, and refused when the bytes in hand no longer hash to
// the approved digest. Through the SDK's own client over a linked pair.
import { afterEach, describe, expect, it } from 'vitest';
import { sha256Digest } from '../snapshots/snapshot-store.js';
import { Gateway, type GatewayCatalog } from './gateway.js';
import { hostOf } from './host-in-memory.unit.js';
import type { Client } from '@modelcontextprotocol/client';
import { buildServedSkill, type ServedSkill } from './served-skill.js';

const SKILL_MD = Buffer.from('\uFEFF---\nname: notes\ndescription: Takes notes\n---\nWrite it down.\n', 'utf8');
const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x01]);

interface Setup {
  readonly client: Client;
  readonly reads: { kept: number; awaited: number };
  /** Replaces the bytes the catalog hands out for a file (as a damaged store would). */
  tamper(uri: string, bytes: Uint8Array): void;
}

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

async function setup(options: { kept: boolean }): Promise<Setup> {
  const files = new Map<string, Uint8Array>([
    ['skill://upstream/notes/SKILL.md', SKILL_MD],
    ['skill://upstream/notes/assets/logo.png', BINARY],
  ]);
  const built = buildServedSkill({
    serverId: 'srv',
    label: 'Notes server',
    namespace: 'notes-server',
    upstreamUri: 'skill://upstream/notes/SKILL.md',
    resources: [...files].map(([uri, bytes]) => ({ uri, digest: sha256Digest(bytes), size: bytes.byteLength })),
    skillMd: SKILL_MD,
    allowedToolsGranted: false,
  });
  if (!built.ok) throw new Error(built.reason);
  const reads = { kept: 0, awaited: 0 };
  const catalog: GatewayCatalog = {
    refresh: async (): Promise<readonly ServedSkill[]> => [built.skill],
    readApproved: async (_skill, file) => {
      reads.awaited++;
      return files.get(file.upstreamUri)!;
    },
    ...(options.kept
      ? {
          keptBytes: (_skill: ServedSkill, file: { upstreamUri: string }) => {
            reads.kept++;
            return files.get(file.upstreamUri);
          },
        }
      : {}),
  };
  const gateway = new Gateway(catalog);
  const { client } = await hostOf(gateway, 'gateway-read-test');
  open.push(client);
  return { client, reads, tamper: (uri, bytes) => files.set(uri, bytes) };
}

const read = (client: Client, uri: string) => client.request({ method: 'resources/read', params: { uri } });

describe('the gateway answering resources/read', () => {
  it('sends UTF-8 as text, its BOM kept, so the text encodes back to the approved bytes', async () => {
    const { client } = await setup({ kept: true });
    const result = await read(client, 'skill://notes-server/upstream/notes/SKILL.md');
    const content = result.contents[0] as { text: string; mimeType: string };
    expect(content.mimeType).toBe('text/markdown');
    expect(content.text.startsWith('\uFEFF---')).toBe(true);
    expect(Buffer.from(content.text, 'utf8').equals(SKILL_MD)).toBe(true);
  });

  it('sends bytes that are not UTF-8 as a blob, byte for byte', async () => {
    const { client } = await setup({ kept: true });
    const result = await read(client, 'skill://notes-server/upstream/notes/assets/logo.png');
    const content = result.contents[0] as { blob: string; mimeType: string };
    expect(content.mimeType).toBe('image/png');
    expect(Buffer.from(content.blob, 'base64').equals(BINARY)).toBe(true);
  });

  it('finds a file by another spelling of its URI (percent-encoded, dot segments) as well as by the listed one', async () => {
    const { client } = await setup({ kept: true });
    const listed = await read(client, 'skill://notes-server/upstream/notes/SKILL.md');
    const respelled = await read(client, 'skill://notes-server/upstream/notes/assets/../%53KILL.md');
    expect((respelled.contents[0] as { text: string }).text).toBe((listed.contents[0] as { text: string }).text);
  });

  it('uses bytes already in memory without waiting, and reads them when they are not', async () => {
    const kept = await setup({ kept: true });
    await read(kept.client, 'skill://notes-server/upstream/notes/SKILL.md');
    expect(kept.reads).toEqual({ kept: 1, awaited: 0 });
    const notKept = await setup({ kept: false });
    await read(notKept.client, 'skill://notes-server/upstream/notes/SKILL.md');
    expect(notKept.reads).toEqual({ kept: 0, awaited: 1 });
  });

  it('hashes the bytes in memory again on every read: bytes that no longer match are refused, never sent', async () => {
    const { client, tamper } = await setup({ kept: true });
    await read(client, 'skill://notes-server/upstream/notes/SKILL.md');
    tamper('skill://upstream/notes/SKILL.md', Buffer.from(SKILL_MD.toString('utf8').replace('Write', 'Erase'), 'utf8'));
    await expect(read(client, 'skill://notes-server/upstream/notes/SKILL.md')).rejects.toThrow(/could not be served: its approved bytes could not be read intact/);
  });
});
