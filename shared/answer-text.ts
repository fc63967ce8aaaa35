// An answer to a call as the JSON text that crosses to the renderer: over
// Electron IPC to the window, or over browser mode's socket to the page (with
// the call's id). Both carry whatever a handler returned, and a server's data
// in it can be past what JSON.stringify follows.
import type { Envelope } from './api.js';
import { safeStringify } from './nesting.js';

/**
 * The answer as text, or — when it cannot be serialised (nested past what JSON.stringify follows, a BigInt) — an
 * error answer (with the answer's id, when it has one), so the window or page hears why and the process lives on.
 */
export function answerText(answer: Envelope<unknown> & { readonly id?: number }, to: 'window' | 'page'): string {
  const text = safeStringify(answer);
  if (text.ok) return text.text;
  const failed: Envelope<never> = { ok: false, error: { code: 'failed', message: `The answer could not be sent to the ${to} (${text.reason}). The server's data is likely nested too deeply; see the findings for where.` } };
  return JSON.stringify(answer.id === undefined ? failed : { id: answer.id, ...failed });
}
