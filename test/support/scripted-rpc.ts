// A tiny in-memory `Rpc` that answers each method from a script. For UNIT
// tests of protocol logic with crafted answers only: anything that claims to
// talk to a server is tested against real servers under test/integration/.
import type { Rpc } from '../../electron/skills/rpc.js';

/** A JSON-RPC error as the SDK's client raises it: an Error with a numeric code. */
export class ScriptedRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Answers one call: return a result, or throw (e.g. `rpcError(-32602)`). */
export type Answer = (params: Record<string, unknown>, call: number) => unknown;

export interface ScriptedCall {
  readonly method: string;
  readonly params: Record<string, unknown>;
}

export interface ScriptedRpc extends Rpc {
  /** Every request made, in order. */
  readonly calls: ScriptedCall[];
  /** The calls of one method. */
  callsOf(method: string): ScriptedCall[];
}

export function rpcError(code: number, message = `error ${code}`): ScriptedRpcError {
  return new ScriptedRpcError(code, message);
}

/**
 * A method absent from the script is answered as a real server would: -32601.
 * `call` counts the calls of that method, from 0, so a script can page.
 */
export function scriptedRpc(script: Readonly<Record<string, Answer>>, options: { serverId?: string; era?: 'modern' | 'legacy' } = {}): ScriptedRpc {
  const calls: ScriptedCall[] = [];
  const counts = new Map<string, number>();
  return {
    serverId: options.serverId ?? 'srv',
    era: options.era ?? 'modern',
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    request(method, params) {
      calls.push({ method, params });
      const call = counts.get(method) ?? 0;
      counts.set(method, call + 1);
      const answer = Object.hasOwn(script, method) ? script[method] : undefined;
      if (!answer) return Promise.reject(rpcError(-32601, `Method not found: ${method}`));
      try {
        return Promise.resolve(answer(params, call));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

/** A `resources/read` answer serving text files by URI; unknown URIs fail with -32602. */
export function serveFiles(files: Readonly<Record<string, string | { text?: string; blob?: string; mimeType?: string }>>): Answer {
  return (params) => {
    const uri = String(params['uri']);
    const file = Object.hasOwn(files, uri) ? files[uri] : undefined;
    if (file === undefined) throw rpcError(-32602, `Resource not found: ${uri}`);
    const content = typeof file === 'string' ? { text: file, mimeType: uri.endsWith('.md') ? 'text/markdown' : 'text/plain' } : file;
    return { contents: [{ uri, ...content }] };
  };
}
