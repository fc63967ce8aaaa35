// `skill-inspector check`: an explicit full read. Lists, gets, reads and
// verifies every skill, runs the server probes, and returns every finding.
import type { Finding, SkillEntry } from '../../shared/model.js';
import { probeDirectoryOnFile } from '../skills/directory.js';
import { probeUnknownSkill } from '../skills/skills-get.js';
import type { CliSession } from './session.js';

export interface CheckReport {
  readonly server: { label: string; era?: string; protocolVersion?: string; selfReported?: { name: string; version: string } };
  readonly skills: SkillEntry[];
  readonly findings: Finding[];
}

export async function runCheck(session: CliSession, progress: (line: string) => void): Promise<CheckReport> {
  const { engine, rpc, connection } = session;
  progress('Listing skills…');
  const listed = await engine.refresh(rpc, connection.snapshot.capabilities);
  progress(`Found ${listed.length} skill(s). Verifying…`);
  let done = 0;
  for (const skill of listed) {
    await engine.verifySkill(rpc, skill.uri, { withGet: true });
    done++;
    if (done % 25 === 0 || done === listed.length) progress(`Verified ${done}/${listed.length}`);
  }
  const probes: Finding[] = [];
  const state = engine.server(session.serverId);
  if (state.capability?.declared && state.listing?.mode === 'extension') {
    probes.push(...(await probeUnknownSkill(rpc)));
    const first = listed[0];
    if (state.capability.directoryRead && first) probes.push(...(await probeDirectoryOnFile(rpc, first.uri)));
  }
  state.serverFindings.push(...probes);
  const snapshot = connection.snapshot;
  return {
    server: {
      label: session.serverId,
      ...(snapshot.era ? { era: snapshot.era } : {}),
      ...(snapshot.protocolVersion ? { protocolVersion: snapshot.protocolVersion } : {}),
      ...(snapshot.selfReported ? { selfReported: { name: snapshot.selfReported.name, version: snapshot.selfReported.version } } : {}),
    },
    skills: engine.list(session.serverId),
    findings: engine.findings(session.serverId),
  };
}
