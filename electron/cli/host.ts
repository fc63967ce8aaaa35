// `skill-inspector list` and `skill-inspector load`: what a host does, headless.
// `list` enumerates skills and reads no file (lazy retrieval). `load` loads one
// skill the way a host must: read SKILL.md, verify size, digest and
// frontmatter, and only then read its other files — refusing on any mismatch.
// The official conformance client scenarios drive these two commands.
import { parseArgs } from 'node:util';
import { canonicalUri } from '../../shared/skill-uri.js';
import { openSession } from './session.js';
import { UsageError, resolveTarget } from './target.js';

const options = {
  stdio: { type: 'string' },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  config: { type: 'string' },
  server: { type: 'string' },
  json: { type: 'boolean', default: false },
  skill: { type: 'string' },
} as const;

export async function runList(args: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values } = parseArgs({ args, options });
  const session = await openSession(await resolveTarget(values));
  try {
    const skills = await session.engine.refresh(session.rpc, session.connection.snapshot.capabilities);
    if (values.json) out.write(`${JSON.stringify(skills.map((s) => ({ uri: s.uri, name: s.name, description: s.description, resources: s.resources })), null, 2)}\n`);
    else for (const s of skills) out.write(`${s.uri}\t${s.name}\t${s.description}\n`);
    return 0;
  } finally {
    await session.close();
  }
}

export async function runLoad(args: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const { values } = parseArgs({ args, options });
  if (!values.skill) throw new UsageError('load needs --skill <SKILL.md URI>.');
  const skillUri = values.skill;
  const session = await openSession(await resolveTarget(values));
  try {
    const { engine, rpc } = session;
    const listed = await engine.refresh(rpc, session.connection.snapshot.capabilities);
    if (!listed.some((s) => canonicalUri(s.uri) === canonicalUri(skillUri))) await engine.loadByUri(rpc, skillUri);
    const skillMd = await engine.readFile(rpc, skillUri, skillUri);
    if (skillMd.check.state !== 'verified') {
      err.write(`Refused to load ${skillUri}: ${skillMd.check.state === 'failed' || skillMd.check.state === 'unverifiable' ? ('message' in skillMd.check ? skillMd.check.message : skillMd.check.reason) : skillMd.check.state}\n`);
      return 1;
    }
    const entry = engine.entry(session.serverId, skillUri);
    const others = Array.isArray(entry.resources) ? entry.resources.filter((r) => canonicalUri(r.uri) !== canonicalUri(skillUri)) : [];
    for (const file of others) {
      const read = await engine.readFile(rpc, skillUri, file.uri);
      if (read.check.state !== 'verified') {
        err.write(`Refused to load ${skillUri}: ${file.uri} did not verify (${read.check.state === 'failed' ? read.check.message : read.check.state}).\n`);
        return 1;
      }
    }
    err.write(`Loaded ${skillUri}: ${1 + others.length} file(s) match the listing.\n`);
    out.write(skillMd.text ?? '');
    return 0;
  } finally {
    await session.close();
  }
}
