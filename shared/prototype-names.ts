// The one env variable or header name a server's settings refuse: "__proto__".
// It is a legal name (POSIX allows it in the environment; it is an HTTP token),
// and a spawned process would get it, but it cannot reach the server without
// being lost on the way, so it is refused where it is typed or imported, with
// the field and the key, instead of being dropped without a word:
//
// - a header: Node's fetch (undici, which the MCP SDK's HTTP transports send
//   with) copies a request's headers into a plain object when it dispatches
//   it (`headers[name] = value`), where "__proto__" sets the prototype, so the
//   header never goes out; header names are lowercased first, so any case.
// - an env variable or a header entered in the app: the settings cross
//   Electron's context bridge (the form's call, the import preview and
//   servers.changed) as plain objects copied key by key by assignment, with
//   the same effect, and zod's z.record strips the key.
//
// Carrying it would take lists of pairs through every hop (the contract, the
// bridge, servers.json, the form, the SDK's fetch); refusing it is honest at
// every one. The other Object.prototype names ("constructor", "toString",
// "hasOwnProperty", "valueOf", "prototype", …) are ordinary keys on every hop,
// and are carried.
import { z } from 'zod';

const PROTO = '__proto__';

/** Why an env variable of this name is refused, or undefined (env names are case-sensitive). */
export function refusedEnvName(name: string): string | undefined {
  return name === PROTO
    ? `"${name}" cannot be an environment variable name here: a server's settings travel between the app's window and its main process as JavaScript objects, in which this name is lost on the way. Set it in a script that starts the server`
    : undefined;
}

/** Why a header of this name is refused, or undefined. */
export function refusedHeaderName(name: string): string | undefined {
  return name.length === PROTO.length && name.toLowerCase() === PROTO
    ? `"${name}" cannot be a header name here: the HTTP client the app connects with (Node's fetch) drops a header of this name, so the server would never receive it`
    : undefined;
}

/** Why a replayed request's param of this name is refused, or undefined. */
export function refusedParamName(name: string): string | undefined {
  return name === PROTO ? `"${name}" cannot be a param name here: the params travel as JavaScript objects, in which this name is lost on the way` : undefined;
}

/**
 * `map` (a z.record), with the keys `refusal` names refused at their place
 * ([key]) before z.record sees them: it strips "__proto__" without an issue.
 */
export function refusingNames<T extends z.ZodType>(map: T, refusal: (name: string) => string | undefined) {
  return z.preprocess<unknown, T, z.input<T>>((input, ctx) => {
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
      for (const key of Object.keys(input)) {
        const message = refusal(key);
        if (message !== undefined) ctx.addIssue({ code: 'custom', message, path: [key], input });
      }
    }
    return input;
  }, map);
}
