// JSON the command writes for programs (check, check --all, watch, diff, list,
// verify and verify --receipts --json, with --all; SARIF). A server, a host
// config, a lockfile or a receipt may write a lone UTF-16 surrogate (JSON lets
// it write "\ud800"), and JSON.stringify writes it back as the same escape,
// which names no Unicode character: the text is UTF-8, and readers that decode
// strictly (serde_json, Go's and Python's UTF-8 encoders) refuse the value or
// the whole report. It is written as U+FFFD, as JUnit does, in values and in
// keys (a frontmatter field's name, a file URI). Not the lockfile: it pins
// URIs exactly.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);

function wellFormedString(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * A JSON.stringify replacer: strings as well-formed Unicode, and an object whose keys hold a lone surrogate as a
 * copy with them so written (its values are replaced in turn). Two keys that differ only there become one, the
 * later value kept: a strict reader refused the whole text before.
 */
export function wellFormed(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return wellFormedString(value);
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).some((k) => HAS_LONE_SURROGATE.test(k))) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormedString(k), v]));
  }
  return value;
}

/** `value` as JSON text (JSON.stringify's, `space` as its third argument) with every key and string well-formed. */
export function wellFormedJson(value: unknown, space?: number): string {
  return JSON.stringify(value, wellFormed, space);
}
