// Where keyboard focus goes when the command palette closes. Mantine gives it
// back to what had it when the palette opened, 10 ms after closing; after
// "Open <skill>" that was the page itself (the palette opened with Ctrl+K from
// nowhere), so the next Tab started again at the header. The palette does it
// itself, once its closing transition has ended (with no animation, that is in
// the same commit that opened the skill, so the skill's heading is there):
// - an action that asked for a place (opening a skill, going to a server,
//   showing a tab) gets focus there; one whose place comes only once its work
//   is done (Review all's card, a server's copy) gets it then, unless the
//   user has moved focus meanwhile;
// - focus that something else took meanwhile (a dialog the action opened, the
//   search box) is left where it is;
// - otherwise it goes back to what had it when the palette opened.

/** Marks the palette's element, to tell whether focus is still in the palette as it closes. */
export const PALETTE_ATTRIBUTE = 'data-command-palette';

type Find = () => HTMLElement | null;

let before: HTMLElement | undefined;
let wanted: Find | undefined;
let wantedWhen: Promise<unknown> | undefined;
/** Stops waiting for a place still to come (the palette opened again). */
let stopWaiting: (() => void) | undefined;

/**
 * How long after its work is done a place still to come is looked for: React
 * shows it within a frame or two; one that does not come (the work failed,
 * and a notification says so) is not waited for while the page changes.
 */
const PLACE_WAIT_MS = 2_000;

/** Whether the palette is open or still closing; and who waits for it to have closed (whenPaletteClosed). */
let paletteOpen = false;
let closedWaiters: (() => void)[] = [];

/** The palette opens: remember what had focus. */
export function paletteOpened(): void {
  paletteOpen = true;
  stopWaiting?.();
  before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : undefined;
  wanted = undefined;
  wantedWhen = undefined;
}

/**
 * An action asks for focus on what it showed, found once the palette has
 * closed. `done`: its work, when the place shows only once that is done (a
 * job's card once the job has started, a copy once it is added); focus goes
 * back meanwhile and moves there when it shows.
 */
export function focusAfterPalette(find: Find, done?: Promise<unknown>): void {
  wanted = find;
  wantedWhen = done;
}

/** The palette has closed (its transition ended): focus goes where the action asked, else back. */
export function paletteClosed(): void {
  const find = wanted;
  const done = wantedWhen;
  const target = find?.();
  const back = before;
  wanted = undefined;
  wantedWhen = undefined;
  before = undefined;
  paletteOpen = false;
  const waiters = closedWaiters;
  closedWaiters = [];
  if (target) target.focus();
  else {
    const active = document.activeElement;
    const lost = !active || active === document.body || active.closest(`[${PALETTE_ATTRIBUTE}]`) !== null;
    if (lost && back?.isConnected) back.focus({ preventScroll: true });
    if (find && done) focusOnceShown(find, done);
  }
  for (const resolve of waiters) resolve();
}

/**
 * Settles once the palette has closed and focus is back (at once when it is
 * not open): a window opened by a command's late result waits for it, so that
 * closing the window gives focus back to where it was before the palette, not
 * to the palette's search box, gone by then.
 */
export function whenPaletteClosed(): Promise<void> {
  return paletteOpen ? new Promise((resolve) => closedWaiters.push(resolve)) : Promise.resolve();
}

/** Once `done` settles, focus goes to what `find` finds as soon as it is on the page, unless focus moved meanwhile. */
function focusOnceShown(find: Find, done: Promise<unknown>): void {
  const settled = document.activeElement;
  waitToFocus(find, done, ['focusin'], () => document.activeElement === settled);
}

/**
 * Waits for `done`, then for what `find` finds to be on the page (at most PLACE_WAIT_MS), and focuses it. Each of
 * `stopOn` (document events, seen as they are dispatched) means the user went on and focus is theirs now; so does
 * `stillWanted` turning false, or the palette opening again.
 */
function waitToFocus(find: Find, done: Promise<unknown>, stopOn: readonly string[], stillWanted: () => boolean = () => true): void {
  stopWaiting?.();
  let observer: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    observer?.disconnect();
    clearTimeout(timer);
    for (const event of stopOn) document.removeEventListener(event, stop, true);
    if (stopWaiting === stop) stopWaiting = undefined;
  };
  for (const event of stopOn) document.addEventListener(event, stop, true);
  stopWaiting = stop;
  const tryFocus = () => {
    if (stopWaiting !== stop || !stillWanted()) return stop();
    const target = find();
    if (!target) return;
    stop();
    target.focus();
  };
  const look = () => {
    if (stopWaiting !== stop) return;
    observer = new MutationObserver(tryFocus);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    timer = setTimeout(stop, PLACE_WAIT_MS);
    tryFocus();
  };
  done.then(look, look);
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

/**
 * A server's screen shown at one of its tabs (its overview, protocol log,
 * watch, approvals): that tab, chosen now, as for a skill's tab; the arrow
 * keys go to the screen's other tabs and Tab into what it shows.
 */
export function shownServerTab(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-server-screen] [role="tab"][aria-selected="true"]');
}

/** Name collisions shown: the view's heading (focusable from code only), from which Tab goes on to its cards. */
export function collisionsHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-collisions-view] [data-collisions-heading]');
}

/** A local folder gone to: its place in the sidebar, now the chosen one, as for a server. */
export function localFolderPlace(originId: string): Find {
  return () => document.querySelector<HTMLElement>(`[data-local-origin="${CSS.escape(originId)}"] [role="button"][aria-current="true"]`);
}

/**
 * Review all's card, started or shown: the job's progress and its Cancel are
 * there, and Escape in it folds it away (focus then goes to the catalog's
 * Review all button, review-all-focus.ts). A start that failed says why there.
 */
export function reviewAllCard(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-review-all-dock]');
}

/** A server added by the command (a copy of another): its place in the sidebar once it is listed and chosen. */
export function addedServerPlace(added: Promise<string | undefined>): Find {
  let id: string | undefined;
  void added.then(
    (value) => (id = value),
    () => undefined,
  );
  return () => (id === undefined ? null : serverPlace(id)());
}

/** A tab of the open skill shown: that tab, from which the arrow keys go along the tabs and Tab into what it shows. */
export function shownTab(tab: string): () => HTMLElement | null {
  return () => document.querySelector<HTMLElement>(`[data-detail-skill] [role="tab"][data-tab="${CSS.escape(tab)}"][aria-selected="true"]`);
}

/**
 * A lockfile's comparison with the servers, in the Approvals tab or in its own
 * window: its summary (or why the file could not be used), from which Tab goes
 * on to its Close and each locked skill's Review.
 */
export function lockComparisonResult(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-approvals-section="lockfile"] [data-lock-result], [data-dialog="lock-comparison"] [data-lock-result]');
}

/**
 * Focus on what `find` finds once `done` settles and it is on the page, for a
 * place that comes after a step outside the page (a file picked in the
 * system's file dialog), long after the palette closed. Not stopped by focus
 * moving, as focusAfterPalette's wait is: the window gets focus back (and its
 * element a focus event) as that dialog closes. Stopped by the user going on
 * (a key, a click, the palette again).
 */
export function focusWhenShown(find: Find, done: Promise<unknown>): void {
  waitToFocus(find, done, ['keydown', 'pointerdown']);
}
