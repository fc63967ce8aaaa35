// Skill URIs a server writes in its instructions: each is offered to
// skills/get, and only what the server confirms becomes a skill — the scheme
// alone proves nothing (SPEC §2.8).
import { finding } from '../../shared/findings.js';
import type { Finding } from '../../shared/model.js';
import { dedupeFindings } from './dedupe-findings.js';
import type { SkillsEngine } from './engine.js';
import type { Rpc } from './rpc.js';

export interface InstructionPointer {
  readonly uri: string;
  readonly confirmed: boolean;
  readonly error?: string;
}

const SKILL_URI_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()`]+\/SKILL\.md\b/g;
/** A server's instructions cannot make the app ask about more skills than this. */
const MAX_POINTERS = 50;

export async function confirmInstructionPointers(engine: SkillsEngine, rpc: Rpc, instructions: string | undefined): Promise<InstructionPointer[]> {
  const uris = [...new Set(instructions?.match(SKILL_URI_IN_TEXT) ?? [])].slice(0, MAX_POINTERS);
  const out: InstructionPointer[] = [];
  const state = engine.server(rpc.serverId);
  const notes: Finding[] = [];
  for (const uri of uris) {
    try {
      if (!state.record(uri)) await engine.loadByUri(rpc, uri, 'instructions');
      out.push({ uri, confirmed: true });
      notes.push(finding('inspector-instructions-pointer', `The server's instructions mention ${uri}; skills/get confirmed it is a skill.`, { serverId: rpc.serverId, skillUri: uri, field: 'instructions' }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      out.push({ uri, confirmed: false, error: message });
      // Not a skill unless the server says so: the scheme alone proves nothing.
      notes.push(finding('inspector-instructions-pointer', `The server's instructions mention ${uri}, but skills/get did not confirm it (${message}); it is not treated as a skill.`, { serverId: rpc.serverId, field: 'instructions' }, { severity: 'warning' }));
    }
  }
  state.serverFindings = dedupeFindings([...state.serverFindings.filter((f) => f.id !== 'inspector-instructions-pointer'), ...notes]);
  return out;
}
