// The contract's check of a server URL, in time linear in its length. As a
// pattern (/^https?:\/\/[^\s/?#]+[^\s]*$/i) it backtracked over the whole text
// when the URL failed at its end (a space or newline last), and zod runs a
// pattern even past a string's length limit: 32,000 characters took 2.3 s and
// 8 MB sent to servers.add would have held the main process for hours.

/** The longest server URL the contract accepts. */
export const MAX_URL_CHARS = 8192;

export const HTTP_URL_MESSAGE = 'an http:// or https:// URL is required';

/** Whether `url` is http:// or https://, a host's first character (not / ? #), and no white space anywhere. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/[^\s/?#]/i.test(url) && !/\s/.test(url);
}
