// A line that is JSON but not a JSON-RPC message the SDK accepts: the SDK
// refuses it with its schema's whole report (a page of nested "invalid_union"
// issues) as a transport error, and the request it answered waits out its
// timeout, though the server did answer it. Two shapes a server writes are
// named here in the user's words: an answer with both a result and an error
// (the request it names fails at once, saying so), and an error that names no
// request (id null, what a server sends when it could not read a request).
// Only the shape and the id and code are said: the server's own words may
// quote a secret the app sent, and are masked only on the messages the SDK
// accepts.

export interface UnusableAnswer {
  /** The request the answer names, when it names one. */
  readonly id?: number;
  readonly error: Error;
}

/** What is wrong with `text`, a line the SDK refused, when it is one of the shapes named above. */
export function unusableAnswer(text: string): UnusableAnswer | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || 'method' in parsed) return undefined;
  const record = parsed as { id?: unknown; result?: unknown; error?: unknown };
  const code = typeof record.error === 'object' && record.error !== null && 'code' in record.error ? (record.error as { code: unknown }).code : undefined;
  const codeWords = typeof code === 'number' && Number.isInteger(code) ? ` (code ${code})` : '';
  if ('result' in record && 'error' in record) {
    const id = typeof record.id === 'number' && Number.isSafeInteger(record.id) ? record.id : undefined;
    const which = id === undefined ? 'an answer' : `its answer to request ${id}`;
    return { ...(id === undefined ? {} : { id }), error: new Error(`The server sent ${which} with both a result and an error${codeWords}; a JSON-RPC answer has one or the other, so it was not used.`) };
  }
  if ('error' in record && record.id === null) {
    return { error: new Error(`The server sent an error that names no request (id null${codeWords ? `, ${codeWords.slice(2, -1)}` : ''}): a server says so when it could not read a request; no request was failed by it.`) };
  }
  return undefined;
}
