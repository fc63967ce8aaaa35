// The renderer's side of Electron's preload: calls, answers and events cross
// the context bridge as JSON text (shared/api.ts TextBridge says why) and are
// parsed here, as browser mode's socket messages are in api.ts.
import type { Bridge, Envelope, TextBridge } from '../../shared/api.js';

function envelopeOf(text: string): Envelope<unknown> {
  try {
    return JSON.parse(text) as Envelope<unknown>;
  } catch {
    return { ok: false, error: { code: 'internal', message: 'The answer from Skill Inspector was not valid JSON.' } };
  }
}

export function textBridge(text: TextBridge): Bridge {
  return {
    async call(method, params) {
      return envelopeOf(await text.call(method, JSON.stringify(params ?? {})));
    },
    on(listener) {
      return text.on((name, payload) => {
        let value: unknown;
        try {
          value = payload === '' ? undefined : (JSON.parse(payload) as unknown);
        } catch {
          return;
        }
        listener(name, value);
      });
    },
  };
}
