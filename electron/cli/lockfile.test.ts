import { describe, expect, it } from 'vitest';
import { LockfileError, buildLockedServer, compareServers, isIdentical, parseLockfile, pickServer, serializeLockfile, withServer, type LockedServer } from './lockfile.js';

const D1 = `sha256:${'1'.repeat(64)}`;
const D2 = `sha256:${'2'.repeat(64)}`;
const D3 = `sha256:${'3'.repeat(64)}`;

function server(skills: Record<string, { name?: string; files: Array<[string, string, number]> | 'dynamic' }>): LockedServer {
  return buildLockedServer(
    Object.entries(skills).map(([uri, s]) => ({
      uri,
      name: s.name ?? uri.split('/').at(-2)!,
      resources: s.files === 'dynamic' ? 'dynamic' : s.files.map(([u, digest, size]) => ({ uri: u, digest, size })),
    })),
  );
}

function parseError(text: string): string {
  try {
    parseLockfile(text, 'team.lock.json');
  } catch (error) {
    expect(error).toBeInstanceOf(LockfileError);
    return (error as Error).message;
  }
  throw new Error('expected a LockfileError');
}

describe('building and writing a lockfile', () => {
  it('orders skills and files by code point, so the same catalog always gives the same bytes', () => {
    const a = server({ 'skill://b/SKILL.md': { files: [['skill://b/z.md', D1, 1], ['skill://b/SKILL.md', D2, 2]] }, 'skill://a/SKILL.md': { files: [['skill://a/SKILL.md', D3, 3]] } });
    const b = server({ 'skill://a/SKILL.md': { files: [['skill://a/SKILL.md', D3, 3]] }, 'skill://b/SKILL.md': { files: [['skill://b/SKILL.md', D2, 2], ['skill://b/z.md', D1, 1]] } });
    const textA = serializeLockfile(withServer(undefined, 'prod', a));
    expect(textA).toBe(serializeLockfile(withServer(undefined, 'prod', b)));
    expect(Object.keys(a.skills)).toEqual(['skill://a/SKILL.md', 'skill://b/SKILL.md']);
    // Upper case sorts before lower case in code-point order, whatever the locale.
    const files = a.skills['skill://b/SKILL.md']!.resources;
    expect(files !== 'dynamic' && files.map((f) => f.uri)).toEqual(['skill://b/SKILL.md', 'skill://b/z.md']);
    expect(parseLockfile(textA, 'x')).toEqual(withServer(undefined, 'prod', a));
  });

  it('replaces one server section and keeps the others', () => {
    const first = withServer(undefined, 'staging', server({ 'skill://a/SKILL.md': { files: [['skill://a/SKILL.md', D1, 1]] } }));
    const both = withServer(first, 'prod', server({ 'skill://a/SKILL.md': { files: [['skill://a/SKILL.md', D2, 1]] } }));
    const updated = withServer(both, 'staging', server({}));
    expect(Object.keys(updated.servers)).toEqual(['prod', 'staging']);
    expect(updated.servers['staging']).toEqual({ skills: {} });
    expect(updated.servers['prod']).toEqual(both.servers['prod']);
  });
});

describe('reading a lockfile', () => {
  const valid = { lockfileVersion: 1, servers: { prod: { skills: { 'skill://a/SKILL.md': { name: 'a', resources: [{ uri: 'skill://a/SKILL.md', digest: D1, size: 10 }] } } } } };

  it('accepts a valid file and a dynamic skill', () => {
    const dynamic = { lockfileVersion: 1, servers: { p: { skills: { 'skill://d/SKILL.md': { name: 'd', resources: 'dynamic' } } } } };
    expect(parseLockfile(JSON.stringify(valid), 'f').servers['prod']!.skills['skill://a/SKILL.md']!.name).toBe('a');
    expect(parseLockfile(JSON.stringify(dynamic), 'f').servers['p']!.skills['skill://d/SKILL.md']!.resources).toBe('dynamic');
  });

  it('names the file and the exact place that is wrong', () => {
    expect(parseError('{ "lockfileVersion": 1, ')).toMatch(/^team\.lock\.json: not valid JSON at line 1, column 25 \(/);
    expect(parseError('[]')).toBe('team.lock.json: a lockfile is a JSON object with "lockfileVersion" and "servers".');
    expect(parseError('{"servers":{}}')).toBe('team.lock.json: no "lockfileVersion": this is not a skills lockfile.');
    expect(parseError('{"lockfileVersion":2,"servers":{}}')).toBe('team.lock.json: lockfileVersion 2 is not supported; this skill-inspector reads version 1 (the file was written by a newer one).');
    const badDigest = structuredClone(valid);
    badDigest.servers.prod.skills['skill://a/SKILL.md'].resources[0]!.digest = 'sha256:ABC';
    expect(parseError(JSON.stringify(badDigest))).toBe('team.lock.json: servers.prod.skills["skill://a/SKILL.md"].resources[0].digest: must be "sha256:" followed by 64 lowercase hex digits.');
    const badSize = structuredClone(valid);
    badSize.servers.prod.skills['skill://a/SKILL.md'].resources[0]!.size = -1;
    expect(parseError(JSON.stringify(badSize))).toBe('team.lock.json: servers.prod.skills["skill://a/SKILL.md"].resources[0].size: must not be negative.');
    const badResources = { lockfileVersion: 1, servers: { prod: { skills: { 'skill://a/SKILL.md': { name: 'a', resources: 'everything' } } } } };
    expect(parseError(JSON.stringify(badResources))).toBe('team.lock.json: servers.prod.skills["skill://a/SKILL.md"].resources: must be a list of {uri, digest, size} or "dynamic".');
    const twice = structuredClone(valid);
    twice.servers.prod.skills['skill://a/SKILL.md'].resources.push({ uri: 'skill://a/SKILL.md', digest: D2, size: 1 });
    expect(parseError(JSON.stringify(twice))).toBe('team.lock.json: servers.prod.skills["skill://a/SKILL.md"].resources: skill://a/SKILL.md is listed twice.');
  });

  it('picks the labelled section, else the matching one, else the only one', () => {
    const two = withServer(withServer(undefined, 'prod', server({})), 'staging', server({ 'skill://s/SKILL.md': { files: [] } }));
    expect(pickServer(two, 'f', { label: 'staging' }).label).toBe('staging');
    expect(pickServer(two, 'f', { preferred: 'prod' }).label).toBe('prod');
    expect(() => pickServer(two, 'f', { preferred: 'other' })).toThrow('f: it pins several servers ("prod", "staging"); say which with --label.');
    expect(() => pickServer(two, 'f', { label: 'qa' })).toThrow('f: it pins no server labelled "qa"; it has "prod", "staging".');
    const one = withServer(undefined, 'prod', server({}));
    expect(pickServer(one, 'f', { preferred: '127.0.0.1:4000' }).label).toBe('prod');
  });
});

describe('comparing skill sets', () => {
  const locked = server({
    'skill://keep/SKILL.md': { files: [['skill://keep/SKILL.md', D1, 10]] },
    'skill://edit/SKILL.md': { files: [['skill://edit/SKILL.md', D1, 10], ['skill://edit/old.md', D2, 5], ['skill://edit/same.md', D3, 7]] },
    'skill://gone/SKILL.md': { files: [['skill://gone/SKILL.md', D1, 10]] },
    'skill://dyn/SKILL.md': { files: 'dynamic' },
  });

  it('is identical to itself', () => {
    expect(isIdentical(compareServers(locked, structuredClone(locked)))).toBe(true);
  });

  it('says which skills and files moved, with both digests and sizes', () => {
    const now = server({
      'skill://keep/SKILL.md': { files: [['skill://keep/SKILL.md', D1, 10]] },
      'skill://edit/SKILL.md': { files: [['skill://edit/SKILL.md', D2, 11], ['skill://edit/new.md', D3, 3], ['skill://edit/same.md', D3, 7]] },
      'skill://new/SKILL.md': { files: [['skill://new/SKILL.md', D1, 1]] },
      'skill://dyn/SKILL.md': { files: [['skill://dyn/SKILL.md', D2, 2]] },
    });
    const result = compareServers(locked, now);
    expect(isIdentical(result)).toBe(false);
    expect(result.onlyInA).toEqual([{ uri: 'skill://gone/SKILL.md', name: 'gone', resources: [{ uri: 'skill://gone/SKILL.md', digest: D1, size: 10 }] }]);
    expect(result.onlyInB.map((s) => s.uri)).toEqual(['skill://new/SKILL.md']);
    expect(result.changed).toEqual([
      {
        uri: 'skill://dyn/SKILL.md',
        a: { name: 'dyn', dynamic: true },
        b: { name: 'dyn', dynamic: false },
        filesOnlyInA: [],
        filesOnlyInB: [{ uri: 'skill://dyn/SKILL.md', digest: D2, size: 2 }],
        filesChanged: [],
      },
      {
        uri: 'skill://edit/SKILL.md',
        a: { name: 'edit', dynamic: false },
        b: { name: 'edit', dynamic: false },
        filesOnlyInA: [{ uri: 'skill://edit/old.md', digest: D2, size: 5 }],
        filesOnlyInB: [{ uri: 'skill://edit/new.md', digest: D3, size: 3 }],
        filesChanged: [{ uri: 'skill://edit/SKILL.md', a: { digest: D1, size: 10 }, b: { digest: D2, size: 11 } }],
      },
    ]);
  });

  it('notices a renamed skill even when its files are the same, and a size-only change', () => {
    const renamed = server({ 'skill://keep/SKILL.md': { name: 'kept', files: [['skill://keep/SKILL.md', D1, 10]] } });
    const before = server({ 'skill://keep/SKILL.md': { files: [['skill://keep/SKILL.md', D1, 10]] } });
    expect(compareServers(before, renamed).changed.map((c) => [c.a.name, c.b.name])).toEqual([['keep', 'kept']]);
    const resized = server({ 'skill://keep/SKILL.md': { files: [['skill://keep/SKILL.md', D1, 11]] } });
    expect(compareServers(before, resized).changed[0]!.filesChanged).toEqual([{ uri: 'skill://keep/SKILL.md', a: { digest: D1, size: 10 }, b: { digest: D1, size: 11 } }]);
  });
});

describe('a skill that lists one file twice', () => {
  const SKILL = 'skill://g/SKILL.md';
  const G = 'skill://g/g.md';
  const pinned = server({ [SKILL]: { files: [[SKILL, D1, 10], [G, D2, 5]] } });

  it('is changed, never identical, whichever entry matches the lock (compareServers)', () => {
    for (const files of [
      [[SKILL, D1, 10], [G, D3, 5], [G, D2, 5]],
      [[SKILL, D1, 10], [G, D2, 5], [G, D3, 5]],
      [[SKILL, D1, 10], [G, D2, 5], [G, D2, 5]],
      [[SKILL, D1, 10], [G, D2, 5], ['skill://g/%67.md', D3, 5]],
    ] as Array<Array<[string, string, number]>>) {
      const served = server({ [SKILL]: { files } });
      const result = compareServers(pinned, served);
      expect(isIdentical(result), JSON.stringify(files)).toBe(false);
      expect(result.changed.map((c) => c.uri)).toEqual([SKILL]);
      const change = result.changed[0]!;
      expect(change.filesOnlyInB.length + change.filesChanged.length).toBeGreaterThan(0);
      // Even against itself: a set with a duplicated URI binds nothing exactly.
      expect(isIdentical(compareServers(served, structuredClone(served)))).toBe(false);
    }
  });

  it('shows the digest the lock does not pin', () => {
    const served = server({ [SKILL]: { files: [[SKILL, D1, 10], [G, D3, 5], [G, D2, 5]] } });
    const change = compareServers(pinned, served).changed[0]!;
    const shown = [...change.filesOnlyInB.map((f) => f.digest), ...change.filesChanged.map((f) => f.b.digest)];
    expect(shown).toContain(D3);
  });
});

describe('labels and URIs that are Object.prototype keys', () => {
  const KEYS = ['__proto__', 'constructor', 'hasOwnProperty', 'toString'];
  const skill = (key: string) => `${JSON.stringify(key)}: {"name": ${JSON.stringify(key)}, "resources": [{"uri": "${key}/SKILL.md", "digest": "${D1}", "size": 1}]}`;

  it('writes and reads back a server section under each of them', () => {
    let lockfile = withServer(undefined, 'plain', server({}));
    for (const key of KEYS) lockfile = withServer(lockfile, key, server({ [`skill://${key}/SKILL.md`]: { files: [[`skill://${key}/SKILL.md`, D1, 1]] } }));
    const text = serializeLockfile(lockfile);
    const back = parseLockfile(text, 'f');
    expect(Object.keys(back.servers)).toEqual(['__proto__', 'constructor', 'hasOwnProperty', 'plain', 'toString']);
    for (const key of KEYS) expect(pickServer(back, 'f', { label: key }).server.skills[`skill://${key}/SKILL.md`]?.name).toBe(key);
    expect(Object.getPrototypeOf(back.servers)).toBeNull();
  });

  it('keeps skills keyed by them, and compares them as present or missing by what the file holds', () => {
    const text = `{"lockfileVersion": 1, "servers": {"p": {"skills": {${KEYS.map(skill).join(', ')}}}}}`;
    const locked = parseLockfile(text, 'f').servers['p']!;
    expect(Object.keys(locked.skills)).toEqual(KEYS);
    const comparison = compareServers(locked, server({}));
    expect(comparison.onlyInA.map((s) => s.uri)).toEqual([...KEYS].sort());
    expect(comparison.onlyInB).toEqual([]);
    expect(compareServers(server({}), locked).onlyInB.map((s) => s.uri)).toEqual([...KEYS].sort());
    expect(isIdentical(compareServers(locked, parseLockfile(text, 'g').servers['p']!))).toBe(true);
  });

  it('does not find an inherited name: a missing label is refused, and --label-less picking ignores the prototype', () => {
    const one = withServer(undefined, 'prod', server({}));
    for (const key of KEYS) expect(() => pickServer(one, 'f', { label: key })).toThrow(`f: it pins no server labelled ${JSON.stringify(key)}; it has "prod".`);
    const two = withServer(one, 'staging', server({}));
    expect(() => pickServer(two, 'f', { preferred: 'hasOwnProperty' })).toThrow('f: it pins several servers ("prod", "staging"); say which with --label.');
  });

  it('refuses an empty label or skill URI by name', () => {
    expect(parseError('{"lockfileVersion": 1, "servers": {"": {"skills": {}}}}')).toBe('team.lock.json: servers[""]: a server label must not be empty.');
  });
});
