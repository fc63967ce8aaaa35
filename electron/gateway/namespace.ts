// The gateway's URI scheme (docs/gateway.md): every upstream skill is served
// under `skill://<namespace>/…`, where the namespace comes from the server's
// host-assigned label — never its self-reported serverInfo.name — so two
// servers' skills never collide and a host can tell where each one came from.
//
//   upstream skill://pdf-tools/SKILL.md on the server labelled "Mutable skills"
//   gateway  skill://mutable-skills/pdf-tools/SKILL.md
//
// The namespace takes the authority (SEP-2640: a reg-name, never resolved),
// and the upstream skill path follows it as an organisational prefix, so the
// final segment is still the skill's name and relative references inside a
// skill resolve exactly as they did upstream. A URI of another scheme keeps
// its scheme as one `~<scheme>` segment (`github://o/r/x/SKILL.md` →
// `skill://<ns>/~github/o/r/x/SKILL.md`): `~` starts no skill name.
import { createHash } from 'node:crypto';
import { canonicalUri, parseUri } from '../../shared/skill-uri.js';

const MAX_NAMESPACE = 63;

/** The namespace segment of one label: lowercase a-z, 0-9 and single hyphens, at most 63 characters. */
export function namespaceOf(label: string): string {
  const slug = label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAMESPACE)
    .replace(/-+$/, '');
  return slug === '' ? 'server' : slug;
}

/** `<slug>-<hex>`, the slug cut so that the whole stays within 63 characters. */
function withHash(slug: string, hex: string): string {
  return `${slug.slice(0, MAX_NAMESPACE - hex.length - 1).replace(/-+$/, '')}-${hex}`;
}

/**
 * The names a label whose slug is taken may be told apart by, in order: 8 hex digits of the SHA-256 of the label,
 * then 16, then 16 of the label hashed with a count. Another label can slug to any one of them ("acme docs a5856799"
 * is plain text), so each is checked against the names taken; the count goes on until one is free.
 */
function* hashedNamespaces(slug: string, label: string): Generator<string> {
  const hex = createHash('sha256').update(label).digest('hex');
  yield withHash(slug, hex.slice(0, 8));
  yield withHash(slug, hex.slice(0, 16));
  for (let count = 1; ; count++) yield withHash(slug, createHash('sha256').update(`${count}\n${label}`).digest('hex').slice(0, 16));
}

/**
 * One namespace per label, all different: labels that read the same once
 * slugged ("Acme Docs", "acme-docs") are told apart by a short hash of the
 * label, given in code-point order so the same labels always get the same names.
 * A hashed name is taken only when free: a label that slugs to it would
 * otherwise share it, and one server's skills would be served inside another's.
 */
export function namespacesOf(labels: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const label of [...new Set(labels)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    let ns = namespaceOf(label);
    if (taken.has(ns)) {
      for (const hashed of hashedNamespaces(ns, label)) {
        if (taken.has(hashed)) continue;
        ns = hashed;
        break;
      }
    }
    taken.add(ns);
    out.set(label, ns);
  }
  return out;
}

/**
 * The gateway URI of an upstream URI, or undefined when the upstream URI has no `scheme://` form to map. Built from
 * the canonical form, so every spelling of one file (`pdf%2Dtools`, `references%2Fguide.md`, `references/./`), which
 * the app takes as that file, is served under one URI: a host's SDK compares a skill's URIs as written, and drops an
 * entry whose SKILL.md or files it finds spelled outside the skill's folder.
 */
export function gatewayUri(namespace: string, upstreamUri: string): string | undefined {
  const parsed = parseUri(upstreamUri);
  if (!parsed?.hasAuthority || parsed.authority === '' || /[?#]/.test(upstreamUri)) return undefined;
  const canonical = canonicalUri(upstreamUri);
  const rest = canonical.slice(canonical.indexOf('://') + 3);
  return parsed.scheme === 'skill' ? `skill://${namespace}/${rest}` : `skill://${namespace}/~${parsed.scheme}/${rest}`;
}

/**
 * `a query ("?v=2")` or `a fragment ("#top")` when a URI has one, else undefined: such a URI names another resource
 * than a skill's file (the canonical form, by which files are kept, drops both), so it is never served, and a reason
 * that says so beats one about the form or the bytes of the file it was taken for.
 */
export function queryOrFragment(uri: string): string | undefined {
  const at = uri.search(/[?#]/);
  if (at < 0) return undefined;
  const part = uri.slice(at);
  return `${part.startsWith('?') ? 'a query' : 'a fragment'} (${JSON.stringify(part)})`;
}
