// How a message names a server to the user: by its label, the name they gave
// it. The id is the app's own key (a UUID the list never shows), so a server
// that is gone from the list is said in words, its id kept last for support.

/** What a message says when the server asked for is not in the list (removed here, in another window, or by an import). */
export function serverNotInList(serverId: string): string {
  return `This server is no longer in your list (it may have been removed, here or in another window). Its id, for support: ${serverId}.`;
}

/** `"Label"`, or `a server no longer in your list (id …)` when no label is known. */
export function serverInWords(label: string | undefined, serverId: string): string {
  return label !== undefined ? `"${label}"` : `a server no longer in your list (id ${serverId})`;
}
