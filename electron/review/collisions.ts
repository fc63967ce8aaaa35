// Name collisions across every origin (threat model T8): the same name twice
// on one server, on two servers, or on a server and in a local folder; and
// near-collisions, names that differ only by lookalike characters or hyphens.
// Pure: qualified skills in, the clashes with each host's verdict out.
import { finding } from '../../shared/findings.js';
import type { Finding } from '../../shared/model.js';
import type { Collision, CollisionScope, NearCollision, QualifiedSkill } from '../../shared/review-model.js';
import { describeDifference, nameSkeleton } from './confusables.js';
import { HOSTS, hostVerdict } from './precedence.js';

/** `<origin label> › <path prefix/>name`: the name every view shows, so two skills never look the same. */
export function qualifiedName(originLabel: string, name: string, pathPrefix = ''): string {
  return `${originLabel} › ${pathPrefix ? `${pathPrefix}/` : ''}${name}`;
}

function scopeOf(skills: readonly QualifiedSkill[]): CollisionScope {
  const origins = new Set(skills.map((s) => s.serverId));
  if (origins.size === 1) return 'same-origin';
  const kinds = new Set(skills.map((s) => s.originKind));
  if (kinds.size === 2) return 'server-and-local';
  return kinds.has('server') ? 'across-servers' : 'across-local';
}

const SCOPE_WORDS: Record<CollisionScope, string> = {
  'same-origin': 'in the same place',
  'across-servers': 'on another server',
  'server-and-local': 'between a server and a folder on this computer',
  'across-local': 'in another folder on this computer',
};

export interface CollisionResult {
  readonly collisions: Collision[];
  readonly nearCollisions: NearCollision[];
  readonly findings: Finding[];
}

export function findCollisions(skills: readonly QualifiedSkill[]): CollisionResult {
  const collisions: Collision[] = [];
  const findings: Finding[] = [];
  const byName = new Map<string, QualifiedSkill[]>();
  for (const skill of skills) {
    const list = byName.get(skill.name);
    if (list) list.push(skill);
    else byName.set(skill.name, [skill]);
  }
  for (const [name, group] of byName) {
    if (group.length < 2) continue;
    // Servers first, then local folders; each by qualified name.
    const sorted = [...group].sort((a, b) => (a.originKind === b.originKind ? a.qualifiedName.localeCompare(b.qualifiedName) : a.originKind === 'server' ? -1 : 1));
    const scope = scopeOf(sorted);
    collisions.push({ name, scope, skills: sorted, hosts: HOSTS.map((h) => hostVerdict(h.id, sorted)) });
    for (const skill of sorted) {
      const others = sorted.filter((o) => o !== skill).map((o) => o.qualifiedName);
      findings.push(
        finding('risk-name-collision', `Another skill is also called "${name}" (${SCOPE_WORDS[scope]}): ${others.join(', ')}. An agent asked for "${name}" may load either one, often without saying which.`, {
          serverId: skill.serverId,
          skillUri: skill.skillUri,
          field: 'name',
        }),
      );
    }
  }

  const nearCollisions: NearCollision[] = [];
  const bySkeleton = new Map<string, Map<string, QualifiedSkill[]>>();
  for (const skill of skills) {
    const key = nameSkeleton(skill.name);
    if (!key) continue;
    let names = bySkeleton.get(key);
    if (!names) bySkeleton.set(key, (names = new Map()));
    const list = names.get(skill.name);
    if (list) list.push(skill);
    else names.set(skill.name, [skill]);
  }
  for (const [skeleton, names] of bySkeleton) {
    if (names.size < 2) continue;
    const distinct = [...names.keys()].sort();
    for (let i = 0; i < distinct.length; i++) {
      for (let j = i + 1; j < distinct.length; j++) {
        const a = distinct[i]!;
        const b = distinct[j]!;
        const { reason, detail } = describeDifference(a, b);
        const first = names.get(a)![0]!;
        const second = names.get(b)![0]!;
        nearCollisions.push({ names: [a, b], skeleton, reason, detail, skills: [first, second] });
        for (const [mine, theirs] of [
          [a, b],
          [b, a],
        ] as const) {
          const others = names.get(theirs)!.map((s) => s.qualifiedName).join(', ');
          for (const skill of names.get(mine)!) {
            findings.push(
              finding('risk-name-lookalike', `"${mine}" looks almost the same as "${theirs}" (${others}): ${detail}. A lookalike name is how one skill passes itself off as another.`, {
                serverId: skill.serverId,
                skillUri: skill.skillUri,
                field: 'name',
              }),
            );
          }
        }
      }
    }
  }
  collisions.sort((a, b) => a.name.localeCompare(b.name));
  return { collisions, nearCollisions, findings };
}
