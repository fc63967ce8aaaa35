// Choosing another server in the sidebar lets go of a skill of a different
// one: the detail pane never shows a skill the catalog beside it does not
// list. Kept apart from selection.ts so that module stays free of the
// servers store (and of the bridge it loads), for the tests that run in Node.
import { isSkillOf, useSelection } from './selection.js';
import { ALL_SERVERS, useServers } from './servers.js';

useServers.subscribe((state, previous) => {
  if (state.selectedServerId === previous.selectedServerId || state.selectedServerId === ALL_SERVERS) return;
  const key = useSelection.getState().skillKey;
  if (key && !isSkillOf(key, state.selectedServerId)) useSelection.getState().clear();
});
