// Skill URIs: `<scheme>://<skill-path>/<file-path>` (SEP-2640 §URI). Parsing is
// deliberately narrow — a URI is a skill only because skills/list or skills/get
// said so, never because of its scheme — and every comparison works on decoded,
// normalised segments so `%2e%2e` and `..` are caught alike.
import { revealIdentifier } from './invisible-chars.js';
import { describeQueryAndSlash, withoutQueryOrSlash } from './uri-query-slash.js';

export interface ParsedUri {
  readonly scheme: string;
  /** Text between `//` and the next `/` (may be empty, as in `file:///etc`). */
  readonly authority: string;
  /** Raw path segments after the authority (not decoded). */
  readonly segments: readonly string[];
  readonly hasAuthority: boolean;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where a string holds a lone UTF-16 surrogate (valid JSON, as "\ud800"), or undefined when it
 * holds none. No URI can carry one: it has no UTF-8 form, so it cannot be percent-encoded
 * (encodeURIComponent throws URIError on it) and no two readers need agree on what it names.
 * Every function here treats such a string as no URI at all, and never throws on it.
 */
export function loneSurrogateIn(text: string): { readonly codeUnit: number; readonly index: number } | undefined {
  // A test on the whole string first (String.prototype.isWellFormed where it exists): almost every URI is well formed.
  if (isWellFormed(text)) return undefined;
  const match = LONE_SURROGATE.exec(text);
  return match ? { codeUnit: match[0].charCodeAt(0), index: match.index } : undefined;
}

/** String.prototype.isWellFormed (ES2024; Node 20 and Electron have it), else the same test by pattern. */
const isWellFormed: (text: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (text) => (text as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (text) => !LONE_SURROGATE.test(text);

/** `holds a lone UTF-16 surrogate (U+D800 at character 25), which has no UTF-8 form, …`. */
function loneSurrogateReason(found: { readonly codeUnit: number; readonly index: number }): string {
  return `holds a lone UTF-16 surrogate (U+${found.codeUnit.toString(16).toUpperCase()} at character ${found.index + 1}), which has no UTF-8 form, so no URI can carry it`;
}

export function parseUri(uri: string): ParsedUri | undefined {
  const match = SCHEME.exec(uri);
  if (!match?.[1]) return undefined;
  const scheme = match[1].toLowerCase();
  let rest = uri.slice(match[0].length);
  const cut = rest.search(/[?#]/);
  if (cut >= 0) rest = rest.slice(0, cut);
  if (rest.startsWith('//')) {
    rest = rest.slice(2);
    const slash = rest.indexOf('/');
    const authority = slash < 0 ? rest : rest.slice(0, slash);
    const path = slash < 0 ? '' : rest.slice(slash + 1);
    return { scheme, authority, segments: path === '' ? [] : path.split('/'), hasAuthority: true };
  }
  return { scheme, authority: '', segments: rest.replace(/^\/+/, '').split('/').filter((s, i, a) => s !== '' || i < a.length - 1), hasAuthority: false };
}

/** Percent-decodes one segment; an invalid escape is kept as written. */
export function decodeSegment(segment: string): string {
  // Nothing to decode (the common case): skip decodeURIComponent and its try/catch, the hot spot of URI checks at scale.
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A dot segment, also when written as `%2e` (RFC 3986 §2.3 / §5.2.4). */
function isDotSegment(segment: string): '.' | '..' | undefined {
  const decoded = decodeSegment(segment);
  if (decoded === '.' || decoded === '..') return decoded;
  return undefined;
}

/** Segments after resolving dot segments; `escaped` when `..` climbed above the start. */
export function normaliseSegments(segments: readonly string[]): { segments: string[]; escaped: boolean; hadDots: boolean } {
  const out: string[] = [];
  let escaped = false;
  let hadDots = false;
  for (const segment of segments) {
    const dot = isDotSegment(segment);
    if (dot === '.') {
      hadDots = true;
      continue;
    }
    if (dot === '..') {
      hadDots = true;
      if (out.length === 0) escaped = true;
      else out.pop();
      continue;
    }
    // An encoded slash inside a segment would re-split later; treat it as a separator now.
    const decoded = decodeSegment(segment);
    if (decoded.includes('/') || decoded.includes('\\')) {
      hadDots = true;
      for (const part of decoded.split(/[\\/]/)) {
        if (part === '..') {
          if (out.length === 0) escaped = true;
          else out.pop();
        } else if (part !== '.' && part !== '') out.push(part);
      }
      continue;
    }
    out.push(decoded);
  }
  return { segments: out, escaped, hadDots };
}

/** The full `<authority>/<path>` of a URI as decoded, normalised segments. */
function pathKey(parsed: ParsedUri): { segments: string[]; escaped: boolean; hadDots: boolean } {
  const all = parsed.hasAuthority ? [parsed.authority, ...parsed.segments] : [...parsed.segments];
  return normaliseSegments(all);
}

/**
 * The skill root: the URI up to the "/" before its SKILL.md segment, as written. Cut at that segment, never
 * by "/SKILL.md".length characters from the end: a fragment (…/SKILL.md#top), an encoded letter (SKILL%2Emd),
 * or on a URI no skill has, a query or a trailing "/", would leave a cut-off folder (skill://x/SKI).
 */
export function skillRootOf(skillUri: string): string {
  const path = withoutQueryOrSlash(skillUri);
  const cut = path.lastIndexOf('/');
  return cut < 0 ? path : path.slice(0, cut);
}

export interface SkillUriParts {
  readonly scheme: string;
  /** Root URI: the SKILL.md URI minus `/SKILL.md` (and any fragment after it). */
  readonly root: string;
  /** `<skill-path>` segments, decoded. */
  readonly skillPath: readonly string[];
  /** Final skill-path segment: must equal the frontmatter name. */
  readonly finalSegment: string;
  /** Segments before the final one, joined with `/`. */
  readonly prefix: string;
  readonly authority: string;
}

/** Splits a SKILL.md URI into its parts, or says why it is not one. */
export function parseSkillUri(uri: string): { ok: true; parts: SkillUriParts } | { ok: false; reason: string } {
  const lone = loneSurrogateIn(uri);
  if (lone) return { ok: false, reason: `it ${loneSurrogateReason(lone)}` };
  const parsed = parseUri(uri);
  if (!parsed) return { ok: false, reason: 'it is not an absolute URI (no scheme)' };
  const key = pathKey(parsed);
  if (key.escaped || key.hadDots) return { ok: false, reason: 'it contains "." or ".." segments' };
  const segments = key.segments;
  // …/SKILL.md?v=2 and …/SKILL.md/ name other resources than …/SKILL.md (RFC 3986 §6.2.3), and a skill's
  // URI is <scheme>://<skill-path>/SKILL.md, its path ending in SKILL.md: said as such, not as any other misfit.
  const apart = describeQueryAndSlash(uri);
  if (apart !== undefined) {
    const meant = withoutQueryOrSlash(uri);
    if (parseSkillUri(meant).ok) return { ok: false, reason: `it has ${apart}, so it names another resource than "${revealIdentifier(meant)}": a skill's URI is <scheme>://<skill-path>/SKILL.md, its path ending in SKILL.md` };
  }
  if (segments.length < 2 || segments[segments.length - 1] !== 'SKILL.md') {
    return { ok: false, reason: 'it does not end in /SKILL.md after at least one skill-path segment' };
  }
  const skillPath = segments.slice(0, -1);
  // "skill:///SKILL.md" or "skill://a//SKILL.md": an empty segment names nothing (an empty authority, as in file:///, is fine).
  if (skillPath.some((s, i) => s === '' && (i > 0 || skillPath.length === 1))) return { ok: false, reason: 'it has an empty skill-path segment' };
  const finalSegment = skillPath[skillPath.length - 1] ?? '';
  return {
    ok: true,
    parts: {
      scheme: parsed.scheme,
      root: skillRootOf(uri),
      skillPath,
      finalSegment,
      prefix: skillPath.slice(0, -1).join('/'),
      authority: parsed.authority,
    },
  };
}

/** A canonical form for comparing URIs: scheme lower-cased, segments decoded and normalised. */
export function canonicalUri(uri: string): string {
  // No URI (as with no scheme): itself. The canonical form of a well-formed string is well formed, so it equals none of them; and it stays a fixed point.
  if (loneSurrogateIn(uri)) return uri;
  const parsed = parseUri(uri);
  if (!parsed) return uri;
  const key = pathKey(parsed);
  // A trailing "/" reads back as no segment at all, so it is dropped here: canonical forms must be fixed points.
  const segments = [...key.segments];
  while (segments.length > (parsed.hasAuthority ? 1 : 0) && segments[segments.length - 1] === '') segments.pop();
  const body = segments.map((s) => encodeURIComponent(s)).join('/');
  return `${parsed.scheme}:${parsed.hasAuthority ? '//' : ''}${body}`;
}

export type Containment =
  | { readonly inside: true; readonly relativePath: string }
  | { readonly inside: false; readonly reason: 'other-scheme' | 'file-uri' | 'traversal' | 'backslash' | 'outside' | 'not-a-uri'; readonly detail: string };

/**
 * The file name as written, when a "\\" in it is all that made a path segment split: x%5Cy.md, a legal file name on
 * Linux and macOS that the SDK lists as such. Windows hosts read the "\\" as a folder separator (so canonicalUri does
 * too), which is the hazard to name; no "." or ".." and no encoded "/" is involved, so it is no traversal.
 */
function backslashNameIn(segments: readonly string[]): string | undefined {
  let name: string | undefined;
  for (const segment of segments) {
    const decoded = decodeSegment(segment);
    if (decoded === '.' || decoded === '..' || decoded.includes('/')) return undefined;
    if (!decoded.includes('\\')) continue;
    if (decoded.split('\\').some((part) => part === '.' || part === '..')) return undefined;
    name ??= decoded;
  }
  return name;
}

/** The file name with a backslash a URI's path holds (x\\y.md for …/x%5Cy.md), when that is all that splits it; else undefined. */
export function backslashFileName(uri: string): string | undefined {
  if (loneSurrogateIn(uri)) return undefined;
  const parsed = parseUri(uri);
  return parsed ? backslashNameIn(parsed.segments) : undefined;
}

/**
 * Whether `fileUri` lies inside the skill whose SKILL.md is `skillUri`. Matches
 * the scheme exactly (not a string prefix) and resolves dot segments, encoded or
 * not, before comparing (threat model T5).
 */
export function containment(fileUri: string, skillUri: string): Containment {
  const loneInFile = loneSurrogateIn(fileUri);
  if (loneInFile) return { inside: false, reason: 'not-a-uri', detail: `"${revealIdentifier(fileUri)}" is not a URI: it ${loneSurrogateReason(loneInFile)}` };
  const loneInSkill = loneSurrogateIn(skillUri);
  if (loneInSkill) return { inside: false, reason: 'not-a-uri', detail: `"${revealIdentifier(fileUri)}" cannot lie inside "${revealIdentifier(skillUri)}", which is not a URI: it ${loneSurrogateReason(loneInSkill)}` };
  const file = parseUri(fileUri);
  const skill = parseUri(skillUri);
  if (!file || !skill) return { inside: false, reason: 'not-a-uri', detail: `"${revealIdentifier(fileUri)}" is not an absolute URI` };
  if (file.scheme === 'file' && skill.scheme !== 'file') {
    return { inside: false, reason: 'file-uri', detail: `"${revealIdentifier(fileUri)}" points at the local file system` };
  }
  if (file.scheme !== skill.scheme || file.hasAuthority !== skill.hasAuthority) {
    const detail =
      file.scheme !== skill.scheme
        ? `"${revealIdentifier(fileUri)}" uses scheme ${file.scheme}: but the skill uses ${skill.scheme}:`
        : `"${revealIdentifier(fileUri)}" is written ${file.hasAuthority ? 'with' : 'without'} "//" after ${file.scheme}: but the skill's URI ${skill.hasAuthority ? 'has' : 'has no'} "//"`;
    return { inside: false, reason: 'other-scheme', detail };
  }
  const fileKey = pathKey(file);
  if (fileKey.escaped) return { inside: false, reason: 'traversal', detail: `"${revealIdentifier(fileUri)}" climbs above its root with ".."` };
  // The folder holding SKILL.md: a "/" after SKILL.md (a URI no skill has, but one a server may send) moves it no deeper.
  const skillSegments = pathKey(skill).segments;
  while (skillSegments.length > 1 && skillSegments[skillSegments.length - 1] === '') skillSegments.pop();
  const rootSegments = skillSegments.slice(0, -1);
  const inRoot = rootSegments.every((s, i) => fileKey.segments[i] === s) && fileKey.segments.length > rootSegments.length;
  if (!inRoot) {
    if (fileKey.hadDots) return { inside: false, reason: 'traversal', detail: `"${revealIdentifier(fileUri)}" uses ".." or "." to leave the skill directory` };
    return { inside: false, reason: 'outside', detail: `"${revealIdentifier(fileUri)}" is not under ${revealIdentifier(skillRootOf(skillUri))}/` };
  }
  if (fileKey.hadDots) {
    const name = backslashNameIn(file.segments);
    if (name !== undefined) return { inside: false, reason: 'backslash', detail: `the file name ${revealIdentifier(name)} in "${revealIdentifier(fileUri)}" holds a backslash, which Windows hosts read as a folder separator` };
    return { inside: false, reason: 'traversal', detail: `"${revealIdentifier(fileUri)}" contains "." or ".." segments` };
  }
  return { inside: true, relativePath: fileKey.segments.slice(rootSegments.length).join('/') };
}

export type Resolution =
  | { readonly kind: 'skill-file'; readonly uri: string; readonly relativePath: string; readonly fragment?: string }
  | { readonly kind: 'external'; readonly url: string }
  | { readonly kind: 'other-uri'; readonly uri: string }
  | { readonly kind: 'escapes'; readonly reference: string }
  | { readonly kind: 'anchor'; readonly fragment: string };

/**
 * Resolves a link found in a skill's markdown against the skill root (the
 * directory holding its SKILL.md), the spec's rule. Never resolves outside it.
 */
export function resolveReference(reference: string, skillUri: string): Resolution {
  const trimmed = reference.trim();
  if (trimmed.startsWith('#')) return { kind: 'anchor', fragment: trimmed.slice(1) };
  // Not a reference any file can answer to (it cannot be percent-encoded): never a skill file.
  if (loneSurrogateIn(trimmed)) return { kind: 'other-uri', uri: trimmed };
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https' || scheme === 'mailto') return { kind: 'external', url: trimmed };
  if (scheme) return { kind: 'other-uri', uri: trimmed };
  if (trimmed.startsWith('//')) return { kind: 'other-uri', uri: trimmed };
  const hashAt = trimmed.indexOf('#');
  const fragment = hashAt >= 0 ? trimmed.slice(hashAt + 1) : undefined;
  let path = hashAt >= 0 ? trimmed.slice(0, hashAt) : trimmed;
  const queryAt = path.indexOf('?');
  if (queryAt >= 0) path = path.slice(0, queryAt);
  // A leading "/" means the skill root here: skills have no wider tree to be absolute in.
  path = path.replace(/^\/+/, '');
  const normalised = normaliseSegments(path.split('/').filter((s, i, a) => s !== '' || i === a.length - 1));
  if (normalised.escaped) return { kind: 'escapes', reference: trimmed };
  const root = skillRootOf(skillUri);
  const relativePath = normalised.segments.filter((s) => s !== '').join('/');
  if (relativePath === '') return fragment !== undefined ? { kind: 'anchor', fragment } : { kind: 'escapes', reference: trimmed };
  const encoded = normalised.segments.filter((s) => s !== '').map((s) => encodeURIComponent(s)).join('/');
  return { kind: 'skill-file', uri: `${root}/${encoded}`, relativePath, ...(fragment !== undefined ? { fragment } : {}) };
}

/** RFC 3986 reg-name, the conformance suite's regex. */
export function isRegName(authority: string): boolean {
  return /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/.test(authority);
}

// ---- What makes a URI unsafe to use as written ----

/**
 * C0 controls (U+0000–U+001F), DEL (U+007F), C1 controls (U+0080–U+009F),
 * and the bidirectional formatting characters RFC 3987 §4.1 bars from
 * identifiers (ALM, LRM, RLM, LRE–RLO, LRI–PDI): each makes a URI read
 * differently from how it is drawn or cut.
 */
export function isControlCodeUnit(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || isBidiControl(code);
}

function isBidiControl(code: number): boolean {
  return code === 0x061c || code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

const BIDI_SHORT: Readonly<Record<number, string>> = { 0x061c: 'ALM', 0x200e: 'LRM', 0x200f: 'RLM', 0x202a: 'LRE', 0x202b: 'RLE', 0x202c: 'PDF', 0x202d: 'LRO', 0x202e: 'RLO', 0x2066: 'LRI', 0x2067: 'RLI', 0x2068: 'FSI', 0x2069: 'PDI' };

const C0_SHORT = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'TAB', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI', 'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];

export interface ControlCharacter {
  readonly codePoint: number;
  /** 0-based UTF-16 offset in the URI. */
  readonly index: number;
}

/** Raw control characters in a URI (RFC 3986 allows none, RFC 3987 no bidi controls: they must be percent-encoded). */
export function controlCharactersIn(uri: string): ControlCharacter[] {
  // A loop over code units (no surrogate is a control): checked for every URI of every listing, so no allocation unless one is found.
  let found: ControlCharacter[] | undefined;
  for (let index = 0; index < uri.length; index++) {
    const code = uri.charCodeAt(index);
    if (isControlCodeUnit(code)) (found ??= []).push({ codePoint: code, index });
  }
  return found ?? [];
}

/** `U+000A (LF)`, `U+007F (DEL)`, `U+009B (C1 control)`, `U+202E (RLO, a bidirectional control)`. */
export function describeControlCharacter(codePoint: number): string {
  const label = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  if (codePoint < 0x20) return `${label} (${C0_SHORT[codePoint]})`;
  if (codePoint === 0x7f) return `${label} (DEL)`;
  if (isBidiControl(codePoint)) return `${label} (${BIDI_SHORT[codePoint]}, a bidirectional control)`;
  return `${label} (C1 control)`;
}

/** One phrase for the controls found: `U+000A (LF) at character 14, U+0000 (NUL) at character 20`. */
export function describeControlCharacters(found: readonly ControlCharacter[]): string {
  const shown = found.slice(0, 3).map((c) => `${describeControlCharacter(c.codePoint)} at character ${c.index + 1}`);
  return found.length > 3 ? `${shown.join(', ')} and ${found.length - 3} more` : shown.join(', ');
}

/** What a scheme other than skill:// lets a host do, in words. */
function schemeRisk(scheme: string): string {
  if (scheme === 'file') return 'file: names files on the reader\'s own disk, so a host that resolves it itself reads its local files, not what this server serves';
  if (scheme === 'http' || scheme === 'https') return `a host may fetch an ${scheme}: URI from the web itself, so what it loads need not be what this server listed and pinned`;
  if (scheme === 'data') return 'a data: URI carries its own content, so a host that decodes it loads what the URI says, not the bytes the server serves and the digest pins';
  if (scheme === 'skill') return 'skill: without "//" has no authority, so it is not the skill://<skill-path>/SKILL.md form hosts and tools recognise, and it compares unequal to it';
  return `hosts recognise skills by skill://; a ${scheme}: URI may be handed to whatever handles that scheme on the host`;
}

export interface SchemeProblem {
  /** Lower-cased, as compared. */
  readonly scheme: string;
  /** As the URI spells it (FILE, File…). */
  readonly written: string;
  readonly why: string;
  /**
   * The URI names content a host can reach without this server (file:, http:, https:, data:):
   * the bytes read and verified through resources/read need not be the ones a host loads.
   */
  readonly external: boolean;
}

/**
 * Why a skill URI does not use the skill:// scheme, or undefined when it does.
 * Schemes compare case-insensitively (RFC 3986 §3.1): FILE:// is file://.
 * A URI with no scheme at all is not judged here (it is not a URI).
 */
export function skillSchemeProblem(uri: string): SchemeProblem | undefined {
  const written = SCHEME.exec(uri)?.[1];
  if (!written) return undefined;
  const scheme = written.toLowerCase();
  if (scheme === 'skill' && uri.slice(written.length + 1).startsWith('//')) return undefined;
  return { scheme, written, why: schemeRisk(scheme), external: scheme === 'file' || scheme === 'http' || scheme === 'https' || scheme === 'data' };
}
