// Where a lockfile compared from the palette shows: the lock's server, else
// the chosen one, else a window of its own. It showed in the chosen server's
// tab, else the first server's, whatever the lock named, and nowhere at all
// with no server in the list.
import { describe, expect, it } from 'vitest';
import type { LockedSkillResult, LockImportResult } from '../../../../shared/api-approvals.js';
import type { Loaded } from '../../state/approvals.js';
import { lockComparisonPlace } from './lock-comparison-place.js';

const locked = (serverLabel: string, serverId?: string): LockedSkillResult => ({
  serverLabel,
  ...(serverId ? { serverId } : {}),
  skillUri: `skill://${serverLabel}/SKILL.md`,
  name: serverLabel,
  status: 'server-not-connected',
  detail: '',
  approval: 'none',
});
const compared = (...skills: LockedSkillResult[]): Loaded<LockImportResult> => ({ state: 'loaded', value: { file: 'team.lock.json', skills, counts: { matches: 0, differs: 0, missing: 0, 'server-not-connected': skills.length } } });
const LIST = ['a', 'b', 'c'];

describe('where a lockfile compared from the palette shows', () => {
  it('the Approvals tab of the server the lock names, not the one chosen', () => {
    expect(lockComparisonPlace(compared(locked('B', 'b')), LIST, 'c')).toEqual({ kind: 'server', serverId: 'b' });
    expect(lockComparisonPlace(compared(locked('B', 'b')), LIST, 'all')).toEqual({ kind: 'server', serverId: 'b' });
  });

  it('of the one chosen when the lock names it among others, else the first named that is listed', () => {
    expect(lockComparisonPlace(compared(locked('B', 'b'), locked('C', 'c')), LIST, 'c')).toEqual({ kind: 'server', serverId: 'c' });
    expect(lockComparisonPlace(compared(locked('Gone', 'gone'), locked('C', 'c'), locked('B', 'b')), LIST, 'a')).toEqual({ kind: 'server', serverId: 'c' });
  });

  it('of the chosen server when the lock names none in the list, or could not be used', () => {
    expect(lockComparisonPlace(compared(locked('Elsewhere')), LIST, 'b')).toEqual({ kind: 'server', serverId: 'b' });
    expect(lockComparisonPlace({ state: 'error', message: 'not a lockfile' }, LIST, 'b')).toEqual({ kind: 'server', serverId: 'b' });
  });

  it('in a window of its own with no server to show it: none in the list, or All skills or a folder chosen and none named', () => {
    expect(lockComparisonPlace(compared(locked('Elsewhere')), [], 'all')).toEqual({ kind: 'window' });
    expect(lockComparisonPlace({ state: 'error', message: 'not a lockfile' }, [], 'all')).toEqual({ kind: 'window' });
    expect(lockComparisonPlace(compared(locked('Elsewhere')), LIST, 'all')).toEqual({ kind: 'window' });
    expect(lockComparisonPlace({ state: 'error', message: 'not a lockfile' }, LIST, 'local:~/.claude/skills')).toEqual({ kind: 'window' });
  });
});
