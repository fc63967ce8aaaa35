// A skill pass run start to finish, for one skill at a time: Verify, Review
// and check. (Verify all interleaves many skills' passes with bounded
// concurrency, verify-all.ts, through the same SkillPass.) skills/get first
// where the server declares the extension, then SKILL.md; the rest only if it
// checked out (or the user asked to inspect); the directory walked where the
// server offers it; and, for a review, SKILL.md once more on purpose.
import type { SkillEntry } from '../../shared/model.js';
import type { ReadResult, SkillsEngine } from './engine.js';
import type { Rpc } from './rpc.js';
import { SECOND_READ, withStep } from '../connections/request-cause.js';
import { secondReadPurpose, type PassOptions } from './skill-pass.js';

export interface SkillPassRequest extends PassOptions {
  readonly signal?: AbortSignal;
  /** Ask skills/get first, where the extension is declared (default: yes). */
  readonly withGet?: boolean;
  /** Keep each read's exact bytes on its result (Review, check). */
  readonly keepBytes?: boolean;
  /** Called with each read as it completes, in order. */
  readonly onBytes?: (file: ReadResult) => void;
}

export interface PassResult {
  /** The skill as the window sees it after the pass. */
  readonly entry: SkillEntry;
  /** Each file read, in host order (the deliberate second read of SKILL.md is not among them: its verdict is on the entry). */
  readonly reads: readonly ReadResult[];
  /** Files left unread because SKILL.md failed. */
  readonly notRead: readonly string[];
}

export async function runSkillPass(engine: SkillsEngine, rpc: Rpc, skillUri: string, request: SkillPassRequest): Promise<PassResult> {
  const { signal } = request;
  const state = engine.server(rpc.serverId);
  // skills/get exists only where the extension is declared; legacy forms have none to ask.
  if (request.withGet !== false && state.capability?.declared) await engine.confirmWithGet(rpc, skillUri, signal);
  const pass = engine.newPass(rpc, skillUri, request);
  const reads: ReadResult[] = [];
  const read = async (uri: string, purpose?: string): Promise<ReadResult> =>
    engine.readFile(rpc, skillUri, uri, { ...(signal ? { signal } : {}), keepBytes: Boolean(request.keepBytes) && purpose === undefined, pass, ...(purpose ? { purpose } : {}) });

  const first = await read(pass.skillMd);
  reads.push(first);
  request.onBytes?.(first);
  let notRead: readonly string[] = [];
  if (pass.admitsRest(state, first.check)) {
    for (const uri of pass.files.slice(1)) {
      if (signal?.aborted) break;
      const file = await read(uri);
      reads.push(file);
      request.onBytes?.(file);
    }
    if (!signal?.aborted && engine.offersDirectory(rpc.serverId)) await engine.walkDirectory(rpc, pass.record, signal);
    // Only a verified SKILL.md has a verdict to protect (a dynamic skill's may change with every read, and claims nothing).
    if (request.secondRead && !signal?.aborted && first.check.state === 'verified') await withStep(SECOND_READ, async () => read(pass.skillMd, secondReadPurpose(pass.skillMd)));
  } else {
    notRead = pass.files.slice(1);
  }
  return { entry: engine.view(rpc.serverId, pass.record), reads, notRead };
}
