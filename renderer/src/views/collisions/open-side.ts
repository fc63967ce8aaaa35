// Opening one side of a clash: its origin chosen in the sidebar, the skill open.
import type { QualifiedSkill } from '../../../../shared/review-model.js';
import { skillKey } from '../../state/keys.js';
import { useSelection } from '../../state/selection.js';
import { useServers } from '../../state/servers.js';

export function openSide(skill: { readonly serverId: string; readonly skillUri: string }): void {
  useServers.getState().select(skill.serverId);
  useSelection.getState().openSkill(skillKey(skill.serverId, skill.skillUri));
}

export function sameSkill(a: { readonly serverId: string; readonly skillUri: string } | undefined, b: QualifiedSkill): boolean {
  return a !== undefined && a.serverId === b.serverId && a.skillUri === b.skillUri;
}
