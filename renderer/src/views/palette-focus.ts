// Where keyboard focus goes when the command palette closes. Mantine gives it
// back to what had it when the palette opened, 10 ms after closing; after
// "Open <skill>" that was the page itself (the palette opened with Ctrl+K from
// nowhere), so the next Tab started again at the header. The palette does it
// itself, once its closing transition has ended (with no animation, that is in
// the same commit that opened the skill, so the skill's heading is there):
// - an action that asked for a place (opening a skill, going to a server,
//   showing a tab) gets focus there;
// - focus that something else took meanwhile (a dialog the action opened, the
//   search box) is left where it is;
// - otherwise it goes back to what had it when the palette opened.

/** Marks the palette's element, to tell whether focus is still in the palette as it closes. */
export const PALETTE_ATTRIBUTE = 'data-command-palette';

let before: HTMLElement | undefined;
let wanted: (() => HTMLElement | null) | undefined;

/** The palette opens: remember what had focus. */
export function paletteOpened(): void {
  before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : undefined;
  wanted = undefined;
}

/** An action asks for focus on what it showed, found once the palette has closed. */
export function focusAfterPalette(find: () => HTMLElement | null): void {
  wanted = find;
}

/** The palette has closed (its transition ended): focus goes where the action asked, else back. */
export function paletteClosed(): void {
  const target = wanted?.();
  const back = before;
  wanted = undefined;
  before = undefined;
  if (target) {
    target.focus();
    return;
  }
  const active = document.activeElement;
  const lost = !active || active === document.body || active.closest(`[${PALETTE_ATTRIBUTE}]`) !== null;
  if (lost && back?.isConnected) back.focus({ preventScroll: true });
}

/**
 * The opened skill's name, the heading of the detail pane: a keyboard user who
 * opened a skill means to read it or act on it, and Tab goes on from there to
 * its buttons and tabs. Not its catalog row: the catalog may show another
 * server or a filter that hides it, and its rows are options of one list.
 */
export function openedSkillHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-detail-name]');
}

// The commands that change what the window shows put focus on what they
// showed, for the same reason as Open <skill>: focus given back to the
// header (or wherever it was) leaves a keyboard user far from what changed,
// with many Tabs to reach it, and a screen reader says nothing of the change.

/**
 * A server gone to: its place in the sidebar, which is now the chosen one.
 * Tab goes on from there to its actions menu and then to its skills; the
 * arrow keys to the other servers.
 */
export function serverPlace(serverId: string): () => HTMLElement | null {
  return () => document.querySelector<HTMLElement>(`[data-server-id="${CSS.escape(serverId)}"] [role="button"][aria-current="true"]`);
}

/** All skills shown: its place at the top of the sidebar. */
export function allSkillsPlace(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-all-servers] [role="button"][aria-current="true"]');
}

/** A tab of the open skill shown: that tab, from which the arrow keys go along the tabs and Tab into what it shows. */
export function shownTab(tab: string): () => HTMLElement | null {
  return () => document.querySelector<HTMLElement>(`[data-detail-skill] [role="tab"][data-tab="${CSS.escape(tab)}"][aria-selected="true"]`);
}
