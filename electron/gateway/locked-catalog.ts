// The gateway's catalog from a lockfile (headless: no app, no approvals):
// the locked skills whose upstream bytes still match the lock. At start and at
// every listing the upstream server is listed and every file of every locked
// skill is read through the engine — verified against the listing, then
// against the lock — and the verified bytes are kept in memory: what hosts
// are sent is exactly those bytes, never fetched again unchecked. A skill that
// drifted leaves the gateway, and one line on stderr names what changed.
import type { LockedServer, LockedSkill } from '../cli/lockfile.js';
import type { CliSession } from '../cli/session.js';
import { canonicalUri } from '../../shared/skill-uri.js';
import { forEachLimited } from '../skills/concurrency.js';
import { sha256Digest } from '../snapshots/snapshot-store.js';
import type { GatewayCatalog } from './gateway.js';
import { backslashRefusal } from './backslash-name.js';
import { namespaceOf, queryOrFragment } from './namespace.js';
import { nestedSkillMdFiles, type NestedSkillMd } from './nested-skill-md.js';
import { buildServedSkill, type ServedFile, type ServedSkill } from './served-skill.js';
import { withheldLine } from './withheld.js';
import type { GatewayWithheld } from '../../shared/gateway-model.js';

/** Server findings that mean a listing stopped before the end of the catalog. */
const LISTING_STOPPED = new Set(['inspector-list-limit', 'sep-2640-skills-list-pagination', 'inspector-invalid-result', 'sep-2640-skills-list-implemented']);

/** What stopped a listing early, as the sentence's parenthesis (empty when the server said nothing about it). */
function listingStopped(findings: readonly { readonly id: string; readonly message: string }[]): string {
  const why = findings.filter((f) => LISTING_STOPPED.has(f.id)).map((f) => f.message);
  return why.length > 0 ? ` (${why.join(' ')})` : '';
}

const bytesKey = (uri: string, digest: string) => `${canonicalUri(uri)}\n${digest}`;

type Checked = { readonly ok: true; readonly skill: ServedSkill; readonly bytes: Map<string, Buffer> } | { readonly ok: false; readonly why: string };

export class LockedCatalog implements GatewayCatalog {
  /**
   * Verified bytes of every served file, by canonical upstream URI and digest: a parent and the skill nested in it may
   * lock one file at two versions, and the upstream may serve each the version it locks; by URI alone the later
   * skill's bytes took the place of the earlier's, and the parent (which keeps the file) failed every read of it.
   */
  private bytes = new Map<string, Buffer>();
  /**
   * The locked skills the last refresh left out, and why, in the stderr line's words: the list the gateway's status is
   * made from, as the app-data mode gives it (approved-catalog.ts). Said on stderr only, a host or a status had no way
   * to learn why a locked skill was missing.
   */
  withheld: readonly GatewayWithheld[] = [];
  /** What was last said about each skill, so a drift is said once, not at every listing. */
  private readonly said = new Map<string, string>();

  constructor(
    private readonly session: CliSession,
    readonly label: string,
    private readonly locked: LockedServer,
    private readonly warn: (line: string) => void,
  ) {}

  async refresh(): Promise<readonly ServedSkill[]> {
    const { engine, rpc, connection, serverId } = this.session;
    const skills = Object.entries(this.locked.skills);
    // Nothing said about an older set stays once this one is being built (a failure here serves nothing, and says so).
    this.withheld = [];
    // An upstream that died (a stdio server that crashed, closed its output) is started or connected again, once per
    // refresh; one that cannot be reached fails the refresh, which serves nothing and says why. Listed on a dead
    // connection, it would declare no skills, and every locked skill would be withheld as "no longer listed".
    if (!connection.isConnected) await connection.connect();
    this.assertConnected();
    // Each refresh reads every locked file again: the server's byte budget bounds one refresh's reads. Kept over the
    // session ("in all", as for check), a gateway a host keeps listing ran it out and withheld every unchanged skill.
    engine.server(this.session.serverId).budget.reset();
    await engine.refresh(rpc, connection.snapshot.capabilities);
    // A listing a page failure (an HTTP server gone, a stream that ended), a limit or bad pagination stopped early does
    // not say which locked skills the server still lists: the ones it did not reach are unknown, not dropped, and are
    // withheld as such. The ones it reached were listed as they are now, and are checked and served as after a full
    // listing: withholding them too left hosts with nothing while every byte served would still be a locked one.
    const state = engine.server(this.session.serverId);
    const stopped = state.listing?.complete === false ? listingStopped(state.serverFindings) : undefined;
    if (stopped !== undefined && !skills.some(([uri]) => engine.record(serverId, uri) !== undefined)) {
      throw new Error(`${this.label}: the upstream server's listing stopped early${stopped}, so which locked skills it still lists is unknown; none is served until a listing completes.`);
    }
    const results = new Map<string, Checked>();
    await forEachLimited(skills, this.session.settings.readConcurrency, async ([uri, locked]) => {
      results.set(uri, await this.check(uri, locked, stopped));
    });
    // Lost during the reads: what they failed with is the connection's, not the skills'. After a listing cut short by
    // the connection ending, the skills it reached are served from the bytes verified before, when they are held.
    if (stopped === undefined || ![...results.values()].some((r) => r.ok)) this.assertConnected();
    const served: ServedSkill[] = [];
    const heldBack: GatewayWithheld[] = [];
    const bytes = new Map<string, Buffer>();
    for (const [uri] of skills) {
      const result = results.get(uri)!;
      if (result.ok) {
        served.push(result.skill);
        for (const [key, value] of result.bytes) bytes.set(key, value);
        if (this.said.get(uri) !== 'served') {
          if (this.said.has(uri)) this.warn(`skill-inspector gateway: ${this.label}: ${uri} matches the lock again and is served.`);
          this.said.set(uri, 'served');
        }
        continue;
      }
      const withheld = { label: this.label, uri, why: result.why };
      heldBack.push(withheld);
      if (this.said.get(uri) !== result.why) {
        this.warn(`skill-inspector gateway: ${withheldLine(withheld)}`);
        this.said.set(uri, result.why);
      }
    }
    this.bytes = bytes;
    this.withheld = heldBack;
    return served;
  }

  private assertConnected(): void {
    const { connection } = this.session;
    if (connection.isConnected) return;
    const lost = connection.snapshot.error;
    throw new Error(`${this.label}: the upstream server is not connected${lost ? ` (${lost.title}: ${lost.detail})` : ''}; no locked skill is served until it answers again.`);
  }

  async readApproved(_skill: ServedSkill, file: ServedFile): Promise<Uint8Array> {
    const bytes = this.bytes.get(bytesKey(file.upstreamUri, file.approvedDigest));
    if (!bytes) throw new Error(`${file.upstreamUri} is no longer held: its skill left the gateway.`);
    return bytes;
  }

  /** `stopped`: the listing stopped early (why, as listingStopped says it); a skill it did not reach is unknown. */
  private async check(uri: string, locked: LockedSkill, stopped: string | undefined): Promise<Checked> {
    if (locked.resources === 'dynamic') return { ok: false, why: 'the lock pins it as "dynamic", so there are no bytes to serve it from.' };
    const { engine, rpc, serverId } = this.session;
    const record = engine.record(serverId, uri);
    if (!record) {
      // Listed under another spelling of its URI (SKILL%2Emd): still held back, the lock pinning the spelling it was
      // listed under, but the server does still list it, and "no longer lists it" sent its reader after a skill that
      // had not gone away.
      const respelled = [...engine.server(serverId).records.keys()].filter((listedUri) => canonicalUri(listedUri) === canonicalUri(uri));
      if (respelled.length > 0) return { ok: false, why: `its SKILL.md is listed under another spelling, ${respelled.join(' and ')}, than the lock pins (${uri}), so it is not taken for the locked skill.` };
      return { ok: false, why: stopped === undefined ? 'the server no longer lists it.' : `the upstream server's listing stopped early${stopped} before it reached it, so whether the server still lists it is unknown.` };
    }
    const listed = Array.isArray(record.entry.resources) ? record.entry.resources : [];
    // Before the files are matched by canonical URI, which drops a query: `SKILL.md?v=2` was taken for SKILL.md, and the
    // skill was said to have changed (with the other resource's digest), or to have failed its read.
    // A lock that pins one (written by hand: `lock` refuses such an entry) changes nothing: it is still no file.
    const pinned = new Set(locked.resources.map((f) => f.uri));
    const odd = listed.find((r) => queryOrFragment(r.uri) !== undefined);
    if (odd) return { ok: false, why: `the server lists ${odd.uri} among its files, which has ${queryOrFragment(odd.uri)}: it names another resource than a file of the skill, ${pinned.has(odd.uri) ? 'so it cannot be served as one, though the lock pins it' : 'and the lock pins no such file'}.` };
    // Likewise before matching by canonical URI, which reads a backslash as "/": the engine refuses to read such a file,
    // and the skill was said to have failed its read ("unverifiable") instead of why it can never be served.
    for (const r of [...listed, ...locked.resources]) {
      const backslash = backslashRefusal(r.uri);
      if (backslash !== undefined) return { ok: false, why: `${backslash}.` };
    }
    // One file spelled two ways with other bytes under each (guide.md and %67uide.md): which of them the lock is
    // matched with, and which the engine reads, hung on the listing's order, and the reason said was a SKILL.md that
    // "did not verify", or guide.md "changed" though the server lists it at the locked digest too.
    const spelled = new Map<string, (typeof listed)[number]>();
    for (const r of listed) {
      const before = spelled.get(canonicalUri(r.uri));
      if (before && (before.digest !== r.digest || before.size !== r.size)) {
        return { ok: false, why: `the server lists one file two ways with other bytes under each: ${before.uri} (${before.digest}, ${before.size} bytes) and ${r.uri} (${r.digest}, ${r.size} bytes), so which bytes a host reading it gets would depend on the spelling.` };
      }
      spelled.set(canonicalUri(r.uri), r);
    }
    const byUri = new Map(listed.map((r) => [canonicalUri(r.uri), r]));
    for (const file of locked.resources) {
      const now = byUri.get(canonicalUri(file.uri));
      if (!now) return { ok: false, why: `${file.uri} is no longer among its files.` };
      if (now.digest !== file.digest || now.size !== file.size) return { ok: false, why: `${file.uri} changed: the lock pins ${file.digest} (${file.size} bytes), the server lists ${now.digest} (${now.size} bytes).` };
    }
    const lockedUris = new Set(locked.resources.map((f) => canonicalUri(f.uri)));
    const added = listed.find((r) => !lockedUris.has(canonicalUri(r.uri)));
    if (added) return { ok: false, why: `${added.uri} was added to it; the lock does not pin it.` };
    const bytes = new Map<string, Buffer>();
    for (const file of locked.resources) {
      // The connection ended mid-listing: bytes verified against the lock at an earlier refresh are still these bytes.
      const held = this.session.connection.isConnected ? undefined : this.bytes.get(bytesKey(file.uri, file.digest));
      if (held) {
        bytes.set(bytesKey(file.uri, file.digest), held);
        continue;
      }
      const read = await engine.readFile(rpc, uri, file.uri, { keepBytes: true });
      const got = read.bytes;
      if (read.check.state !== 'verified' || !got) return { ok: false, why: `${file.uri} did not verify when read (${'message' in read.check ? read.check.message : read.check.state}).` };
      if (got.byteLength !== file.size || sha256Digest(got) !== file.digest) return { ok: false, why: `${file.uri} changed: the server sent other bytes than the lock pins (${file.digest}, ${file.size} bytes).` };
      bytes.set(bytesKey(file.uri, file.digest), got);
    }
    const own = locked.resources.find((file) => canonicalUri(file.uri) === canonicalUri(uri));
    const skillMd = own ? bytes.get(bytesKey(own.uri, own.digest)) : undefined;
    if (!skillMd) return { ok: false, why: 'the lock does not pin its SKILL.md.' };
    // A lockfile grants nothing: allowed-tools is never served from one, nor from a nested skill's SKILL.md among its files.
    const nested = new Map<string, NestedSkillMd>();
    for (const file of nestedSkillMdFiles(uri, locked.resources)) {
      const got = bytes.get(bytesKey(file.uri, file.digest));
      if (got) nested.set(canonicalUri(file.uri), { bytes: got, allowedToolsGranted: false });
    }
    const built = buildServedSkill({ serverId: this.label, label: this.label, namespace: namespaceOf(this.label), upstreamUri: uri, resources: locked.resources, skillMd, allowedToolsGranted: false, nested });
    return built.ok ? { ok: true, skill: built.skill, bytes } : { ok: false, why: `${built.reason}.` };
  }
}
