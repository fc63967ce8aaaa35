// Checks one skill entry exactly as the server sent it (SEP-2640 §Skill entry).
// The SDK's zod schema decides whether a host may load the entry; these rules
// say precisely why not, and what else is off, so the rest of the listing
// still shows.
import { SKILL_DIGEST_PATTERN, SKILL_LIMITS, SkillSchema } from '@modelcontextprotocol/core/ext/skills';
import { finding } from '../../shared/findings.js';
import type { Finding, FindingLocation, SkillFileRef } from '../../shared/model.js';
import { revealIdentifier } from '../../shared/invisible-chars.js';
import { MAX_DEPTH, TOO_DEEP_MARKER, capDepth, describePath } from '../../shared/nesting.js';
import { containment, controlCharactersIn, describeControlCharacters, isRegName, parseSkillUri, skillSchemeProblem } from '../../shared/skill-uri.js';
import { describeQueryAndSlash, queryAndSlashKey, withoutQueryOrSlash } from '../../shared/uri-query-slash.js';
// Memoised: Verify all asks again for the canonical form of every file listed here.
import { canonicalUri } from './uri-memo.js';
import { STRICT_NAME, frontmatterFindings } from './format-rules.js';
import { append } from './append.js';
import { SameFileOnWindows, windowsPathFindings, windowsSkillPathFindings } from './windows-path-rules.js';

const DIGEST = SKILL_DIGEST_PATTERN;

export interface CheckedEntry {
  readonly uri: string;
  readonly frontmatter: Record<string, unknown>;
  readonly resources: SkillFileRef[] | 'dynamic' | null;
  /** The SDK's schema accepts it and the URI is a SKILL.md URI: a host may load it. */
  readonly loadable: boolean;
  /** Every listed file lies inside the skill directory (checked once here, so reading need not check again). */
  readonly contained: boolean;
  // Not the entry as sent: nothing reads it after the checks, and at 10,000
  // skills holding it beside the checked copy doubled the listing in memory.
}

export interface EntryCheck {
  readonly entry?: CheckedEntry;
  readonly findings: Finding[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkEntry(sent: unknown, serverId: string, where: string): EntryCheck {
  const findings: Finding[] = [];
  // Depth is capped here, where server data enters: every later walk (comparisons, stable JSON,
  // fingerprints, the report, the bridge) recurses per level. The entry is level 1, so its
  // frontmatter holds MAX_DEPTH levels, as a served SKILL.md's frontmatter does.
  const capped = capDepth(sent, MAX_DEPTH + 1);
  const raw = capped.value;
  if (!isRecord(raw)) {
    findings.push(finding('sep-2640-entry-uri-required', `${where} is not an object (found ${Array.isArray(raw) ? 'an array' : typeof raw}).`, { serverId }));
    return { findings };
  }
  const uri = raw['uri'];
  if (typeof uri !== 'string' || uri.trim() === '') {
    findings.push(finding('sep-2640-entry-uri-required', `${where} has no "uri" string (found ${JSON.stringify(uri) ?? 'nothing'}).`, { serverId }, { expected: 'a SKILL.md URI', actual: JSON.stringify(uri) ?? 'absent' }));
    return { findings };
  }
  const loc: FindingLocation = { serverId, skillUri: uri };
  const shown = revealIdentifier(uri);
  const parsedUri = parseSkillUri(uri);
  if (!parsedUri.ok) {
    findings.push(finding('sep-2640-skillmd-required', `The skill URI "${shown}" is not a SKILL.md URI: ${parsedUri.reason}.`, { ...loc, field: 'uri' }, { expected: '<scheme>://<skill-path>/SKILL.md', actual: uri }));
  } else if (!isRegName(parsedUri.parts.authority)) {
    findings.push(finding('sep-2640-authority-reg-name', `The authority "${revealIdentifier(parsedUri.parts.authority)}" of "${shown}" is not an RFC 3986 reg-name.`, { ...loc, field: 'uri' }));
  }
  // Judged whether or not the URI parses as …/SKILL.md: file:/etc/SKILL.md and data:… are the cases that matter.
  const scheme = skillSchemeProblem(uri);
  if (scheme) {
    const spelled = scheme.written !== scheme.scheme ? ` (written "${scheme.written}:")` : '';
    findings.push(
      finding('sep-2640-skill-uri-scheme', `"${shown}" uses the ${scheme.scheme}: scheme, not skill://${spelled}: ${scheme.why}.${scheme.external ? ' The entry is not loadable and its files are never shown verified.' : ''} Serve skills as skill://<skill-path>/SKILL.md.`, { ...loc, field: 'uri' }, {
        expected: 'skill://',
        actual: `${scheme.written}:`,
      }),
    );
  }
  const uriControls = controlFindings(uri, 'The skill URI', { ...loc, field: 'uri' });
  append(findings, uriControls);
  // The skill's own folder, where a host that writes skills by their skill path puts it (skill://acme/..%20/shared is "shared" on Windows).
  const skillPathOnWindows = parsedUri.ok ? windowsSkillPathFindings(uri, 'The skill path', parsedUri.parts.skillPath, { ...loc, field: 'uri' }, /^[^:/?#]+:\/\//.test(uri) ? 1 : 0) : undefined;
  if (skillPathOnWindows) append(findings, skillPathOnWindows.findings);
  if (capped.tooDeep) findings.push(tooDeepFinding(capped.tooDeep, shown, loc));

  const fm = raw['frontmatter'];
  let frontmatter: Record<string, unknown> = {};
  if (!isRecord(fm) || typeof fm['name'] !== 'string' || typeof fm['description'] !== 'string') {
    findings.push(
      finding('sep-2640-entry-frontmatter-required', `The entry for "${shown}" needs a "frontmatter" object with string "name" and "description".`, { ...loc, field: 'frontmatter' }, {
        actual: isRecord(fm) ? `fields: ${Object.keys(fm).join(', ') || 'none'}` : (JSON.stringify(fm) ?? 'absent'),
      }),
    );
    if (isRecord(fm)) frontmatter = fm;
  } else {
    frontmatter = fm;
  }
  if (isRecord(fm)) {
    append(findings, frontmatterFindings(frontmatter, { ...loc, field: 'frontmatter' }).map((f) => ({ ...f, location: { ...f.location, field: `frontmatter.${f.location.field ?? ''}`.replace(/\.$/, '') } })));
    if (parsedUri.ok && typeof fm['name'] === 'string' && fm['name'] !== parsedUri.parts.finalSegment) {
      findings.push(
        finding('sep-2640-entry-uri-matches-frontmatter-name', `The URI's final skill-path segment is "${parsedUri.parts.finalSegment}" but frontmatter.name is "${fm['name']}".`, { ...loc, field: 'frontmatter.name' }, {
          expected: parsedUri.parts.finalSegment,
          actual: fm['name'],
        }),
      );
    } else if (parsedUri.ok && typeof fm['name'] === 'string') {
      append(findings, nameAsWritten(uri, fm['name'], loc));
    }
  }

  const placement = { contained: true, controlFree: uriControls.length === 0, unique: true, filePaths: true, windowsKept: !skillPathOnWindows?.moved };
  const resources = checkResources(raw['resources'], uri, loc, findings, placement);

  const meta = raw['_meta'];
  if (isRecord(meta)) {
    for (const key of Object.keys(meta)) {
      if (!key.includes('/')) {
        findings.push(finding('sep-2640-meta-prefix', `_meta key "${key}" has no namespace prefix; use io.modelcontextprotocol.skills/ or your own.`, { ...loc, field: `_meta.${key}` }));
      }
    }
  }

  const schemaOk = SkillSchema.safeParse(raw).success;
  // A file outside the skill directory (another skill, another scheme, file:, "..") would make a
  // host read where the skill has no business: such an entry is not loadable (threat model T5).
  const contained = placement.contained;
  // A control character in any of its URIs, or data deeper than the inspector follows, leaves
  // something unchecked or read differently by different readers: not loadable, never verified.
  // So does a scheme that names content outside the server (file:, http(s):, data:): what was verified through it need not be what a host loads.
  // And a file listed twice (in canonical form): two digests and sizes for one file, so no read can be bound to one of them.
  // And a file URI with a query or a trailing "/": it names no file path, and the app (keying files by canonicalUri) would take it for the file without.
  // And a file a Windows host writes elsewhere (out of the skill's folder, or as a SKILL.md): what it loads there is not what was checked.
  const loadable = schemaOk && parsedUri.ok && resources !== null && contained && placement.controlFree && placement.unique && placement.filePaths && placement.windowsKept && !capped.tooDeep && !scheme?.external;
  if (!loadable) {
    findings.push(finding('sep-2640-resources-invalid-entry', `The entry for "${shown}" is invalid, so a host must not load it (see the other findings for why).`, loc));
  }
  return { entry: { uri, frontmatter, resources, loadable, contained }, findings };
}

/**
 * inspector-uri-control-character when a URI holds raw C0/C1 controls, DEL or bidi controls: logs,
 * terminals and C-based readers split, cut or reorder such a name, so two readers disagree about
 * which file it is.
 * `what` names the URI ("The skill URI"); `consequence` says what the app does about it.
 */
export function controlFindings(uri: string, what: string, at: FindingLocation, consequence = 'so the entry is not loadable and its files are never verified'): Finding[] {
  const found = controlCharactersIn(uri);
  if (found.length === 0) return [];
  const described = describeControlCharacters(found);
  const escape = encodeURIComponent(String.fromCharCode(found[0]!.codePoint));
  return [
    finding(
      'inspector-uri-control-character',
      `${what} contains ${described}: "${revealIdentifier(uri)}". A URI may not hold raw control characters (RFC 3986) or bidirectional controls (RFC 3987): percent-encode them, as ${escape}; logs, terminals and C-based readers cut or split it there, ${consequence}.`,
      at,
      { expected: 'no control characters', actual: described },
    ),
  ];
}

/** What names one listed file: its canonical form, and the query and trailing "/" canonicalUri sets aside. */
function listingKey(uri: string): string {
  return `${canonicalUri(uri)}${queryAndSlashKey(uri)}`;
}

/**
 * inspector-resource-not-a-file-path: a listed file URI with a query or a trailing "/". A skill's file is
 * <scheme>://<skill-path>/<file-path> (SEP-2640 §Resource Mapping); either makes another resource than the
 * file without it, which the app, keying files by canonicalUri, would take for that file.
 */
function notAFilePath(fileUri: string, how: string, index: number, at: FindingLocation): Finding {
  const shown = revealIdentifier(fileUri);
  const meant = revealIdentifier(withoutQueryOrSlash(fileUri));
  return finding(
    'inspector-resource-not-a-file-path',
    `resources[${index}] lists "${shown}", which has ${how}: a skill's file is <scheme>://<skill-path>/<file-path>, and a file path has no query and does not end in "/", so it names no file of the skill but another resource than "${meant}" (RFC 3986 §6.2.3). The app, like a host that keeps a skill's files by path, cannot tell the two apart, so the entry is not loadable and its files are never shown verified.`,
    { ...at, field: `resources[${index}].uri` },
    { expected: meant, actual: fileUri },
  );
}

function tooDeepFinding(keys: readonly string[], shown: string, loc: FindingLocation): Finding {
  const field = keys.slice(0, 2).join('.');
  return finding(
    'inspector-too-deep',
    `The entry for "${shown}" nests data more than ${MAX_DEPTH} levels deep (at ${describePath(keys)}). The inspector follows no deeper, so it cannot check or compare it; what lies below is shown as "${TOO_DEEP_MARKER}" and a host must not load the skill.`,
    { ...loc, field },
    { expected: `at most ${MAX_DEPTH} levels`, actual: `more than ${MAX_DEPTH} levels` },
  );
}

/**
 * The skill's name as the official suite reads it from the URI: the segment before a last segment that is "SKILL.md"
 * as written, not decoded. A segment that only decodes to the name (pdf%2Dtools) passes the app's reading of the URI
 * but fails the suite's sep-2640-entry-uri-matches-frontmatter-name and sep-2640-name-naming-rules, and hosts that
 * compare strings.
 */
function nameAsWritten(uri: string, name: string, loc: FindingLocation): Finding[] {
  const at = { ...loc, field: 'uri' };
  const schemeEnd = uri.indexOf('://');
  if (schemeEnd < 0) {
    return [finding('sep-2640-entry-uri-matches-frontmatter-name', `"${revealIdentifier(uri)}" has no "//" after its scheme: hosts and the official check read the skill's name from what follows "://", so it is not recoverable.`, at, { expected: `…://…/${name}/SKILL.md`, actual: uri })];
  }
  const parts = uri.slice(schemeEnd + 3).split('/').filter((p) => p.length > 0);
  if (parts.length < 2 || parts[parts.length - 1] !== 'SKILL.md') {
    return [finding('sep-2640-entry-uri-matches-frontmatter-name', `"${revealIdentifier(uri)}" does not end in "/SKILL.md" as written: decoded it names the SKILL.md of "${name}", but hosts and the official check read the name from the URI as written, so it is not recoverable.`, at, { expected: `…/${name}/SKILL.md`, actual: uri })];
  }
  const written = parts[parts.length - 2]!;
  if (written === name) return [];
  const out = [finding('sep-2640-entry-uri-matches-frontmatter-name', `The URI's final skill-path segment is written "${revealIdentifier(written)}": decoded it is "${name}", the name, but hosts and the official check compare the segment as written.`, at, { expected: name, actual: written })];
  if (!STRICT_NAME.test(written)) out.push(finding('sep-2640-name-naming-rules', `The URI's final skill-path segment, the skill's name as written, "${revealIdentifier(written)}", breaks the naming rules (ASCII a-z0-9, 1–64 characters, no leading, trailing or double hyphen).`, at, { actual: written }));
  return out;
}

/** The skill's directory as the official suite takes it: its SKILL.md URI without "/SKILL.md", when it ends so. */
function officialRoot(skillUri: string): string | undefined {
  return skillUri.endsWith('/SKILL.md') ? skillUri.slice(0, -'/SKILL.md'.length) : undefined;
}

function checkResources(value: unknown, skillUri: string, loc: FindingLocation, findings: Finding[], placement: { contained: boolean; controlFree: boolean; unique: boolean; filePaths: boolean; windowsKept: boolean }): SkillFileRef[] | 'dynamic' | null {
  if (value === 'dynamic') {
    findings.push(finding('sep-2640-resources-dynamic-marker', `"${revealIdentifier(skillUri)}" is dynamic: its content has no digests, so it cannot be verified or bound to an approval.`, { ...loc, field: 'resources' }));
    return 'dynamic';
  }
  if (value === undefined) {
    findings.push(finding('sep-2640-entry-resources-required', `The entry for "${revealIdentifier(skillUri)}" has no "resources"; hosts must not load it.`, { ...loc, field: 'resources' }, { expected: 'an array of {uri, digest, size} or "dynamic"', actual: 'absent' }));
    findings.push(finding('legacy-resources-omitted', 'In SEP-2640 v1 (2026-08-04) an omitted "resources" meant dynamic; the stable spec requires "dynamic" to be written out.', { ...loc, field: 'resources' }));
    return null;
  }
  if (!Array.isArray(value)) {
    findings.push(finding('sep-2640-entry-resources-required', `"resources" of "${revealIdentifier(skillUri)}" must be an array or "dynamic".`, { ...loc, field: 'resources' }, { actual: JSON.stringify(value)?.slice(0, 80) ?? typeof value }));
    return null;
  }
  const refs: SkillFileRef[] = [];
  const seen = new Map<string, number>();
  // The official suite's own comparisons are of strings (officialRoot, listedAsSent): kept beside the normal-form keys
  // so each official ID fails exactly where that suite fails it, while the app still reads by normal form.
  const listedAsSent = new Set<string>();
  const root = officialRoot(skillUri);
  const folded = new Map<string, string>();
  // The SKILL.md listed under the skill's URI with a query or a trailing "/": named when no entry has the skill's URI itself.
  let ownSpelledApart: { index: number; uri: string; how: string } | undefined;
  const skillKey = listingKey(skillUri);
  // The SKILL.md's own path in the skill (its file is judged with the skill's URI, not as a file Windows may rewrite).
  const ownWhere = containment(skillUri, skillUri);
  const ownPath = ownWhere.inside ? ownWhere.relativePath : undefined;
  const sameOnWindows = new SameFileOnWindows();
  let total = 0;
  let missingSizes = 0;
  value.forEach((item, index) => {
    const at = { ...loc, field: `resources[${index}]` };
    if (!isRecord(item) || typeof item['uri'] !== 'string') {
      findings.push(finding('sep-2640-entry-resources-required', `resources[${index}] of "${revealIdentifier(skillUri)}" has no "uri" string.`, at));
      return;
    }
    const fileUri = item['uri'];
    const fileLoc = { ...at, fileUri };
    // The SKILL.md's own entry repeats the skill URI, already judged above.
    const controls = fileUri === skillUri ? [] : controlFindings(fileUri, `The URI of resources[${index}]`, { ...fileLoc, field: `${at.field}.uri` });
    if (controls.length > 0) {
      placement.controlFree = false;
      append(findings, controls);
    }
    const digest = item['digest'];
    if (typeof digest !== 'string' || !DIGEST.test(digest)) {
      findings.push(finding('sep-2640-resources-digest-format', `The digest of ${revealIdentifier(fileUri)} is not "sha256:" followed by 64 lowercase hex digits.`, { ...fileLoc, field: `${at.field}.digest` }, { expected: 'sha256:<64 lowercase hex>', actual: JSON.stringify(digest) ?? 'absent' }));
    }
    const size = item['size'];
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
      if (size === undefined) missingSizes++;
      findings.push(finding('sep-2640-resources-size-required', `The size of ${revealIdentifier(fileUri)} must be a non-negative integer byte count.`, { ...fileLoc, field: `${at.field}.size` }, { expected: 'integer ≥ 0', actual: JSON.stringify(size) ?? 'absent' }));
    } else {
      total += size;
    }
    const where = containment(fileUri, skillUri);
    if (!where.inside && where.reason === 'backslash') {
      // Inside the skill as the server names it (the SDK lists such a file so), but not where a Windows host puts it.
      placement.contained = false;
      findings.push(finding('inspector-backslash-file-name', `${where.detail}, so a host there would read another file than the one listed; the entry is not loadable and its files are never shown verified.`, fileLoc));
    } else if (!where.inside) {
      placement.contained = false;
      const id =
        where.reason === 'file-uri'
          ? 'inspector-file-uri'
          : where.reason === 'other-scheme'
            ? 'inspector-other-scheme'
            : where.reason === 'traversal'
              ? 'inspector-path-traversal'
              : 'sep-2640-resources-uri-within-skill';
      findings.push(finding(id, `${where.detail}; every file must lie under the skill directory.`, fileLoc));
      if (id !== 'sep-2640-resources-uri-within-skill') {
        findings.push(finding('sep-2640-resources-uri-within-skill', `${revealIdentifier(fileUri)} is not inside the skill directory of ${revealIdentifier(skillUri)}.`, fileLoc));
      }
    }
    if (where.inside && where.relativePath !== ownPath) {
      const names = where.relativePath.split('/');
      const onWindows = windowsPathFindings(fileUri, names, fileLoc);
      // A file written elsewhere is said once, as that; one written over another file of the skill, as this. One file
      // listed twice, or a URI with a query or a trailing "/" (no file path), is said as such below.
      const overAnother = onWindows.moved || describeQueryAndSlash(fileUri) !== undefined ? undefined : sameOnWindows.check(fileUri, listingKey(fileUri), names, fileLoc);
      if (onWindows.moved || overAnother?.moved) placement.windowsKept = false;
      append(findings, onWindows.findings);
      if (overAnother) append(findings, overAnother.findings);
    }
    if (/\/skill\.md$/i.test(fileUri) && !fileUri.endsWith('/SKILL.md')) {
      findings.push(finding('agentskills-skill-md-case', `${revealIdentifier(fileUri)} spells SKILL.md in another case; hosts look for "SKILL.md" exactly, and the name collides on case-insensitive file systems.`, fileLoc, { expected: 'SKILL.md', actual: fileUri.slice(fileUri.lastIndexOf('/') + 1) }));
    }
    if (where.inside && root !== undefined && fileUri !== skillUri && !fileUri.startsWith(`${root}/`)) {
      findings.push(
        finding(
          'sep-2640-resources-uri-within-skill',
          `${revealIdentifier(fileUri)} does not start with "${revealIdentifier(root)}/", the skill's directory as its URI spells it. By RFC 3986 normalisation it names a file inside it, and the app reads it as such, but hosts and the official check compare the string.`,
          fileLoc,
          { expected: `a uri starting with ${revealIdentifier(root)}/`, actual: fileUri },
        ),
      );
    }
    const apart = fileUri === skillUri ? undefined : describeQueryAndSlash(fileUri);
    if (apart !== undefined) {
      placement.filePaths = false;
      findings.push(notAFilePath(fileUri, apart, index, fileLoc));
    }
    // A query or a trailing "/" makes another resource (RFC 3986): g.md and g.md?x are two, not one listed twice.
    // x%5Cy.md beside x/y.md: two files the server names apart (one canonical URI), not one listed twice; the backslash is said above.
    const key = !where.inside && where.reason === 'backslash' ? `${fileUri}\n` : listingKey(fileUri);
    if (apart !== undefined && ownSpelledApart === undefined && canonicalUri(fileUri) === canonicalUri(skillUri) && key !== skillKey) ownSpelledApart = { index, uri: fileUri, how: apart };
    if (seen.has(key)) {
      placement.unique = false;
      findings.push(
        finding(
          'inspector-duplicate-resource',
          `${revealIdentifier(fileUri)} is listed twice (resources[${seen.get(key)}] and resources[${index}]), so the entry is not loadable and its files are never shown verified: one file cannot be bound to two digests and sizes.`,
          fileLoc,
        ),
      );
      // Two spellings of one file are one file listed twice for the app, not for the official check, which compares strings.
      if (listedAsSent.has(fileUri)) findings.push(finding('sep-2640-resources-complete', `resources must list each file exactly once; ${revealIdentifier(fileUri)} appears twice.`, fileLoc));
    } else {
      seen.set(key, index);
    }
    listedAsSent.add(fileUri);
    const lower = key.normalize('NFC').toLowerCase();
    const other = folded.get(lower);
    if (other !== undefined && other !== key) {
      findings.push(finding('agentskills-case-collision', `${revealIdentifier(fileUri)} and ${revealIdentifier(other)} differ only by letter case; they collide on case-insensitive file systems (macOS, Windows).`, fileLoc));
    } else {
      folded.set(lower, key);
    }
    // The SKILL.md's own entry shares the skill's URI string: one copy per skill, not two.
    // A size that is not a byte count is kept as sent (short), so verification can report it; only such refs carry it.
    const sized = typeof size === 'number' && Number.isSafeInteger(size) && size >= 0;
    // Written out rather than spread from one object: V8 gives each object made by such a spread a hidden class of its
    // own, which at 50,000 listed files was about 10 MB of class metadata held for the listing's life.
    const uri = fileUri === skillUri ? skillUri : fileUri;
    const listedDigest = typeof digest === 'string' ? digest : '';
    refs.push(sized ? { uri, digest: listedDigest, size } : { uri, digest: listedDigest, size: -1, declaredSize: (JSON.stringify(size) ?? 'absent').slice(0, 40) });
  });
  const ownIndex = seen.get(skillKey);
  if (ownIndex !== undefined && !listedAsSent.has(skillUri)) {
    const spelled = (value[ownIndex] as { uri: string }).uri;
    findings.push(
      finding(
        'sep-2640-resources-complete',
        `resources of "${revealIdentifier(skillUri)}" lists the SKILL.md only as "${revealIdentifier(spelled)}" (resources[${ownIndex}]), another spelling of the skill's URI. By RFC 3986 normalisation it is the same file, and the app verifies it as such, but the entry matching the skill's uri that the SEP asks for is compared as a string by hosts and the official check.`,
        { ...loc, field: `resources[${ownIndex}]`, fileUri: spelled },
        { expected: `an entry with uri ${revealIdentifier(skillUri)}`, actual: spelled },
      ),
    );
  }
  if (ownIndex === undefined) {
    if (ownSpelledApart) {
      const { index, uri, how } = ownSpelledApart;
      findings.push(
        finding(
          'sep-2640-resources-complete',
          `resources of "${revealIdentifier(skillUri)}" has no entry for the SKILL.md itself: resources[${index}] lists "${revealIdentifier(uri)}", which has ${how}, so it names another resource than the skill's URI "${revealIdentifier(skillUri)}", the one a host loads.`,
          { ...loc, field: `resources[${index}]`, fileUri: uri },
          { expected: `an entry with uri ${revealIdentifier(skillUri)}`, actual: uri },
        ),
      );
    } else {
      findings.push(finding('sep-2640-resources-complete', `resources of "${revealIdentifier(skillUri)}" has no entry for the SKILL.md itself.`, { ...loc, field: 'resources' }, { expected: `an entry with uri ${revealIdentifier(skillUri)}`, actual: 'none' }));
    }
  }
  if (missingSizes > 0 && missingSizes === value.length) {
    findings.push(finding('legacy-no-size', 'No resource has a size: this is the SEP v1 entry shape. Sizes are required since the stable spec.', { ...loc, field: 'resources' }));
  }
  if (value.length > SKILL_LIMITS.files) {
    findings.push(finding('sep-2640-limit-resources-per-skill', `"${revealIdentifier(skillUri)}" lists ${value.length} files; hosts need only support ${SKILL_LIMITS.files}.`, { ...loc, field: 'resources' }, { expected: `≤ ${SKILL_LIMITS.files}`, actual: `${value.length}` }));
  }
  if (total > SKILL_LIMITS.bytes) {
    findings.push(finding('sep-2640-limit-total-size', `"${revealIdentifier(skillUri)}" totals ${total} bytes; hosts need only support ${SKILL_LIMITS.bytes}.`, { ...loc, field: 'resources' }, { expected: `≤ ${SKILL_LIMITS.bytes}`, actual: `${total}` }));
  }
  // An exact-size copy: an array grown by push keeps spare capacity (about 150 bytes for five files), held per skill.
  return refs.slice();
}
