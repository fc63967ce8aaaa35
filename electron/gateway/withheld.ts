// An approved skill the gateway holds back is said once, one way, for both
// gateways: `skill-inspector gateway` prints it as a line on stderr, the app
// shows it in the gateway view from its status. The status carries a bounded
// copy: a server can make thousands of skills held back, each with its own
// words quoted in the reason (a 1 MB name a host refuses).
import { WITHHELD_SHOWN, type GatewayStatus, type GatewayWithheld } from '../../shared/gateway-model.js';

/** The line the command prints (after its "skill-inspector gateway: " prefix). */
export function withheldLine(withheld: GatewayWithheld): string {
  return `${withheld.label}: ${withheld.uri} is not served: ${withheld.why}`;
}

const MAX_LABEL = 200;
const MAX_URI = 500;
const MAX_WHY = 1000;

/** At most `max` code points: a cut never splits a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max).join('')}…`;
}

/** What the status says of them: how many, and the first few, each string clipped. */
export function withheldForStatus(all: readonly GatewayWithheld[]): GatewayStatus['withheld'] {
  if (all.length === 0) return undefined;
  const first = all.slice(0, WITHHELD_SHOWN).map((w) => ({ label: clip(w.label, MAX_LABEL), uri: clip(w.uri, MAX_URI), why: clip(w.why, MAX_WHY) }));
  return { count: all.length, first };
}

/** A change in what is held back, or why, is news for the window even when the served set stayed the same. */
export function withheldKey(all: readonly GatewayWithheld[]): string {
  return JSON.stringify(all.map((w) => [w.label, w.uri, w.why]));
}
