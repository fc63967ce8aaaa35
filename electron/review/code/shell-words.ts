// The values of shell words, as the shell would expand them: quoting
// (single, double, $'…' escapes), concatenation, $VAR and ${VAR…}
// expansions, command substitutions, and what reading a variable or a file
// gives (a secret variable, a credential file, a file this code wrote).
// Apart from the statement walker: it is the one place that knows quoting.
import type { Node } from 'web-tree-sitter';
import { concat, credentialPlace, isSecretName, literal, NOTHING, shown, union, type Value } from './facts.js';
import { named, type Flow } from './flow.js';
import { stepped, type ShellReader } from './shell-reader.js';
import { unescape } from './snippet.js';

/** The value of a word: its text where it is written down, and the origins of what is substituted in. */
export function readWord(r: ShellReader, node: Node): Value {
  return r.f.deeper(() => {
    switch (node.type) {
      case 'word': {
        const raw = node.text;
        if (!raw.includes('\\')) return { ...literal(raw), span: node.startIndex };
        return literal(raw.replace(/\\(.)/g, '$1'));
      }
      case 'raw_string': {
        const inner = node.text.slice(1, -1);
        return { ...literal(inner), span: node.startIndex + 1 };
      }
      case 'ansi_c_string': {
        const decoded = unescape(node.text.slice(2, -1), node.startIndex + 2);
        const escapes = /\\(?:x[0-9a-f]|[0-7]{3}|u[0-9a-f])/i.test(node.text);
        const v: Value = { ...literal(decoded.text), span: decoded.offsets };
        return escapes ? stepped('decoded', node.startIndex, "writes text as escape codes ($'\\x..')", v) : v;
      }
      case 'string': {
        const parts = named(node);
        if (parts.every((p) => p.type === 'string_content')) {
          const inner = node.text.slice(1, -1);
          if (!inner.includes('\\')) return { ...literal(inner), span: node.startIndex + 1 };
          const decoded = unescape(inner, node.startIndex + 1, 'shell-double');
          return { ...literal(decoded.text), span: decoded.offsets };
        }
        return concat(parts.map((p) => (p.type === 'string_content' ? literal(unescape(p.text, 0, 'shell-double').text) : readWord(r, p))));
      }
      case 'concatenation':
        return concat(named(node).map((p) => readWord(r, p)));
      case 'simple_expansion':
      case 'expansion': {
        const name = named(node).find((c) => c.type === 'variable_name' || c.type === 'special_variable_name')?.text ?? '';
        const rest = named(node).filter((c) => c.type !== 'variable_name' && c.type !== 'special_variable_name').map((c) => readWord(r, c));
        return rest.length ? union(variableValue(r.f, name, node.startIndex), ...rest) : variableValue(r.f, name, node.startIndex);
      }
      case 'command_substitution':
      case 'process_substitution':
        return r.substitution(node);
      case 'command_name': {
        const inner = named(node)[0];
        return inner ? readWord(r, inner) : literal(node.text);
      }
      case 'number':
      case 'arithmetic_expansion':
        return literal(node.text);
      default:
        return union(...named(node).map((c) => readWord(r, c)));
    }
  });
}

/** What a variable holds: what the code put there, the home folder, or a secret by its name. */
export function variableValue(f: Flow, name: string, offset: number): Value {
  const known = f.vars.get(name);
  if (known) return known;
  if (name === 'HOME' || name === 'USERPROFILE') return literal('~');
  if (isSecretName(name)) return stepped('secret', offset, `reads the secret variable $${name}`);
  return NOTHING;
}

/** What reading a file gives: what the code wrote there, or the secret it is. */
export function fileValue(f: Flow, path: Value, offset: number): Value {
  const written = f.written(path.text);
  if (written) return union(written.value, path);
  const what = credentialPlace(path.text);
  if (what) return stepped(what.startsWith('the environment') ? 'environment' : 'secret', offset, `reads ${what} (${shown(path.text, 60)})`, union(path));
  return union(path);
}
