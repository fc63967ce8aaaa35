// The checks of one skill's files, as its record in the registry holds them
// (registry.ts). Kept compact: a Verify all of a 10,000-skill catalog holds
// one of these for every skill.
import type { FileCheck, SkillFileRef } from '../../shared/model.js';
import { append } from './append.js';

/** Listings up to this long are walked per lookup (the common skill); longer ones get a map of positions. */
const WALK_LIMIT = 16;

/**
 * A skill's file checks, as a read-only map by file URI: the listed files'
 * checks by their position in the listing, any other file's in a map of its
 * own. At 10,000 skills a Map per skill was about 2.5 MB of live heap, and V8
 * lets the heap grow to about four times what is live before it collects.
 */
export class FileChecks implements ReadonlyMap<string, FileCheck> {
  /** Made on the first listed file's check, at the listing's exact length (an array grown by assignment keeps spare room). */
  private listed: Array<FileCheck | undefined> | undefined;
  private others: Map<string, FileCheck> | undefined;
  private count = 0;

  constructor(private readonly resources: readonly SkillFileRef[] | 'dynamic' | null) {}

  /**
   * Positions by URI, for a long listing only: made on its first lookup. A walk
   * per lookup made a view of a 16,000-file skill (one lookup per file) take
   * seconds; a short listing is walked, and holds no map.
   */
  private positions: Map<string, number> | undefined;

  private indexOf(uri: string): number {
    const resources = this.resources;
    if (!Array.isArray(resources)) return -1;
    if (resources.length <= WALK_LIMIT) {
      for (let i = 0; i < resources.length; i++) if (resources[i]!.uri === uri) return i;
      return -1;
    }
    if (!this.positions) {
      const positions = new Map<string, number>();
      // The first of two entries with one URI holds its check, as a walk would find it.
      for (let i = 0; i < resources.length; i++) {
        const at = resources[i]!.uri;
        if (!positions.has(at)) positions.set(at, i);
      }
      this.positions = positions;
    }
    return this.positions.get(uri) ?? -1;
  }

  get size(): number {
    return this.count;
  }

  get(uri: string): FileCheck | undefined {
    const index = this.indexOf(uri);
    return index >= 0 ? this.listed?.[index] : this.others?.get(uri);
  }

  has(uri: string): boolean {
    return this.get(uri) !== undefined;
  }

  set(uri: string, check: FileCheck): void {
    const index = this.indexOf(uri);
    if (index >= 0) {
      // indexOf found it, so the resources are a list.
      this.listed ??= new Array<FileCheck | undefined>((this.resources as readonly SkillFileRef[]).length).fill(undefined);
      if (this.listed[index] === undefined) this.count++;
      this.listed[index] = check;
    } else {
      this.others ??= new Map();
      if (!this.others.has(uri)) this.count++;
      this.others.set(uri, check);
    }
  }

  // Built as arrays, not generators: statusOf walks every skill's checks on each update.
  entries(): MapIterator<[string, FileCheck]> {
    const out: Array<[string, FileCheck]> = [];
    const resources = Array.isArray(this.resources) ? this.resources : [];
    const listed = this.listed ?? [];
    for (let i = 0; i < listed.length; i++) {
      const check = listed[i];
      if (check !== undefined) out.push([resources[i]!.uri, check]);
    }
    if (this.others) append(out, this.others);
    return out.values();
  }

  keys(): MapIterator<string> {
    return [...this.entries()].map(([uri]) => uri).values();
  }

  values(): MapIterator<FileCheck> {
    const out: FileCheck[] = [];
    for (const check of this.listed ?? []) if (check !== undefined) out.push(check);
    if (this.others) append(out, this.others.values());
    return out.values();
  }

  [Symbol.iterator](): MapIterator<[string, FileCheck]> {
    return this.entries();
  }

  forEach(callback: (value: FileCheck, key: string, map: ReadonlyMap<string, FileCheck>) => void, thisArg?: unknown): void {
    for (const [uri, check] of this.entries()) callback.call(thisArg, check, uri, this);
  }
}
