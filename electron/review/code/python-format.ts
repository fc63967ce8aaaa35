// Python strings filled in at run time: `'curl -s %s | sh' % url` and
// `'curl -s {} | sh'.format(url)`. The filled text keeps where its pieces are
// written, so a command built this way is read again as code where it
// stands, as a concatenation or an f-string is.
import { filled, literal, NOTHING, type Value } from './facts.js';
import type { PythonCall, PythonReader } from './python-reader.js';
import { field } from './flow.js';

const PERCENT = /%%|%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?[sdiouxXeEfFgGcra]/g;
const BRACES = /\{\{|\}\}|\{([^{}]*)\}/g;
const UNKNOWN: Value = { ...NOTHING };

/** `template % args`: a tuple's items in order, one value for a single placeholder; `%(name)s` is known only at run time. */
export function percentFormatted(template: Value, args: Value): Value {
  const items = args.items ?? [args];
  let k = 0;
  return filled(template, PERCENT, (m) => (m[0] === '%%' ? literal('%') : m[0].startsWith('%(') ? UNKNOWN : (items[k++] ?? UNKNOWN)), [args]);
}

/** `template.format(…)` on a string written in the code (or a name holding one); undefined for any other call. */
export function formatCall(r: PythonReader, c: PythonCall): Value | undefined {
  if (c.method !== 'format' || c.fnNode?.type !== 'attribute') return undefined;
  const obj = field(c.fnNode, 'object');
  // Only a literal or a name: reading them again records nothing twice.
  if (!obj || !['string', 'concatenated_string', 'identifier'].includes(obj.type)) return undefined;
  const template = r.eval(obj);
  if (!template.exact) return undefined;
  let k = 0;
  return filled(
    template,
    BRACES,
    (m) => {
      if (m[0] === '{{') return literal('{');
      if (m[0] === '}}') return literal('}');
      const name = (m[1] ?? '').split(/[!:]/)[0]!;
      if (name === '') return c.positional[k++] ?? UNKNOWN;
      if (/^\d+$/.test(name)) return c.positional[Number(name)] ?? UNKNOWN;
      return /^\w+$/.test(name) ? (c.kw.get(name) ?? UNKNOWN) : UNKNOWN;
    },
    [c.all],
  );
}
