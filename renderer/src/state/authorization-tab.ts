// Opening an authorization page in a new tab (browser mode). The page is the
// authorization server's: it gets no handle on this window, and this window
// never navigates itself away.

/** Whether an address the main process pushed may be opened at all (it checked already; a hostile server's URL is checked twice). */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Opens `url` in a new tab; 'blocked' when the browser's popup blocker refused (the user then
 * gets a link to click). Not `window.open(url, '_blank', 'noopener')`: with that feature
 * window.open returns null whether or not a tab opened, so a blocked tab could not be told
 * apart. Instead a blank tab of this origin opens, its opener is cut, and only then does it
 * go to the authorization server (where the page's cross-origin-opener-policy separates them too).
 */
export function openInNewTab(url: string): 'opened' | 'blocked' {
  const tab = window.open('about:blank', '_blank');
  if (!tab) return 'blocked';
  tab.opener = null;
  tab.location.replace(url);
  return 'opened';
}
