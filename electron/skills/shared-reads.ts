// Files that more than one skill of a job lists — a skill and the skill
// nested inside it, whose files the parent's resources list too (SEP-2640:
// resources are complete, nested skills' files included) — are read once per
// job: the first read's answer is held until every other skill listing the
// file has taken it, then dropped. Each skill still verifies the answer
// against its own entry. Only such files are held, so a catalog without
// nested skills holds nothing (and costs one pass over its records).
import type { ReadOutcome } from './reader.js';
import type { ServerSkills } from './registry.js';

export class SharedReads {
  /** How many more readers each shared file has, by server and URI. */
  private readonly readers = new Map<string, number>();
  /** Held as the promise, so two skills asking at once share one request. */
  private readonly held = new Map<string, Promise<ReadOutcome>>();

  /** The files that two or more skills of these servers list, counted once per listing skill. */
  static of(servers: Iterable<ServerSkills>): SharedReads {
    const shared = new SharedReads();
    for (const state of servers) {
      const counts = new Map<string, number>();
      for (const record of state.records.values()) {
        // A file is listed twice only where skills nest.
        if (!record.nestedIn && record.nestedSkills.length === 0) continue;
        if (!Array.isArray(record.entry.resources)) continue;
        for (const r of record.entry.resources) counts.set(r.uri, (counts.get(r.uri) ?? 0) + 1);
      }
      for (const [uri, count] of counts) if (count > 1) shared.readers.set(key(state.serverId, uri), count);
    }
    return shared;
  }

  /**
   * The answer to a read of this file: another skill's answer when the job
   * already asked (or is asking) for it, else a fresh one from `read`, held
   * for the file's other readers. The last reader drops it.
   */
  read(serverId: string, uri: string, read: () => Promise<ReadOutcome>): Promise<ReadOutcome> {
    const k = key(serverId, uri);
    const readers = this.readers.get(k);
    if (readers === undefined) return read();
    let answer = this.held.get(k);
    if (!answer) {
      answer = read();
      this.held.set(k, answer);
    }
    if (readers <= 1) {
      this.held.delete(k);
      this.readers.delete(k);
    } else this.readers.set(k, readers - 1);
    return answer;
  }
}

const key = (serverId: string, uri: string) => `${serverId}\n${uri}`;
