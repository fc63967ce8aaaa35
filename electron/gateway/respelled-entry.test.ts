// An upstream listing may spell one skill's URIs several ways that name the
// same files (`pdf%2Dtools`, `references%2Fguide.md`, `references/./`): the
// app takes them as one skill, so such a skill can be approved. What the
// gateway lists must still be an entry a host's SDK accepts — its SKILL.md
// among its files, every file inside its folder — or the host drops it while
// the gateway counts it as served. Through the SDK's own client.
import { afterEach, describe, expect, it } from 'vitest';
import { sha256Digest } from '../snapshots/snapshot-store.js';
import { Gateway, type GatewayCatalog } from './gateway.js';
import { hostOf as connectHost } from './host-in-memory.unit.js';
import type { Client } from '@modelcontextprotocol/client';
import type { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { buildServedSkill, type ServedSkill } from './served-skill.js';

const SKILL_MD = Buffer.from('---\nname: pdf-tools\ndescription: Fills in PDF forms\n---\nSee references/guide.md.\n', 'utf8');
const GUIDE = Buffer.from('# Guide\n', 'utf8');

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

async function hostOf(skillMdUri: string, guideUri: string): Promise<{ skills: SkillsClient; gateway: Gateway; warnings: string[] }> {
  const bytes = new Map([
    [skillMdUri, SKILL_MD],
    [guideUri, GUIDE],
  ]);
  const built = buildServedSkill({
    serverId: 'srv',
    label: 'PDF server',
    namespace: 'pdf-server',
    upstreamUri: 'skill://pdf-tools/SKILL.md',
    resources: [...bytes].map(([uri, b]) => ({ uri, digest: sha256Digest(b), size: b.byteLength })),
    skillMd: SKILL_MD,
    allowedToolsGranted: false,
  });
  if (!built.ok) throw new Error(built.reason);
  const catalog: GatewayCatalog = { refresh: async (): Promise<readonly ServedSkill[]> => [built.skill], readApproved: async (_skill, file) => bytes.get(file.upstreamUri)! };
  const warnings: string[] = [];
  const gateway = new Gateway(catalog, { onWarning: (line) => warnings.push(line) });
  const { client, host } = await connectHost(gateway, 'respelled-entry-test');
  open.push(client);
  return { skills: host, gateway, warnings };
}

describe('a skill whose listing spells its URIs another way that names the same files', () => {
  it.each([
    ['its SKILL.md percent-encoded', 'skill://pdf%2Dtools/SKILL.md', 'skill://pdf-tools/references/guide.md'],
    ['a file under its folder percent-encoded', 'skill://pdf-tools/SKILL.md', 'skill://pdf%2dtools/references/guide.md'],
    ['a file with an encoded slash', 'skill://pdf-tools/SKILL.md', 'skill://pdf-tools/references%2Fguide.md'],
    ['a file with a dot segment', 'skill://pdf-tools/SKILL.md', 'skill://pdf-tools/references/./guide.md'],
  ])('%s: the host is listed it under one spelling and reads every file verified', async (_case, skillMdUri, guideUri) => {
    const { skills, warnings } = await hostOf(skillMdUri, guideUri);
    const { skills: listed } = await skills.list();
    expect(warnings).toEqual([]);
    expect(listed.map((s) => [s.uri, (s.resources as { uri: string }[]).map((r) => r.uri)])).toEqual([
      ['skill://pdf-server/pdf-tools/SKILL.md', ['skill://pdf-server/pdf-tools/SKILL.md', 'skill://pdf-server/pdf-tools/references/guide.md']],
    ]);
    const guide = await skills.read(listed[0]!, 'references/guide.md');
    expect(Buffer.from(guide.bytes).equals(GUIDE)).toBe(true);
  });
});
