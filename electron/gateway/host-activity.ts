// The gateway view's record of what each host was served: which hosts asked
// (clientInfo), how often they listed, and per skill which files they read
// and how often. In memory: it describes this run of the app.
import type { GatewayHost, GatewayServedSkill } from '../../shared/gateway-model.js';
import type { GatewayActivity } from './gateway.js';

interface SkillRecord {
  label: string;
  name: string;
  reads: Map<string, { count: number; lastAt: string }>;
}

interface HostRecord {
  name: string;
  version: string;
  firstSeen: string;
  lastSeen: string;
  listings: number;
  skills: Map<string, SkillRecord>;
}

/** Hosts beyond this are forgotten oldest first: a host that opens a session per request must not fill memory. */
const MAX_HOSTS = 200;

export class HostActivity {
  private readonly hosts = new Map<string, HostRecord>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  record(activity: GatewayActivity): void {
    const at = this.now().toISOString();
    const { client } = activity;
    let host = this.hosts.get(client.id);
    if (!host) {
      host = { name: client.name, version: client.version, firstSeen: at, lastSeen: at, listings: 0, skills: new Map() };
      this.hosts.set(client.id, host);
      if (this.hosts.size > MAX_HOSTS) this.hosts.delete(this.hosts.keys().next().value!);
    }
    host.lastSeen = at;
    const skillOf = (uri: string, label: string, name: string) => {
      let skill = host.skills.get(uri);
      if (!skill) host.skills.set(uri, (skill = { label, name, reads: new Map() }));
      return skill;
    };
    if (activity.kind === 'listed') {
      host.listings++;
      for (const s of activity.skills) skillOf(s.entry.uri, s.label, String(s.entry.frontmatter.name));
      return;
    }
    const skill = skillOf(activity.skill.entry.uri, activity.skill.label, String(activity.skill.entry.frontmatter.name));
    const read = skill.reads.get(activity.uri);
    skill.reads.set(activity.uri, { count: (read?.count ?? 0) + 1, lastAt: at });
  }

  /** Most recently seen first. */
  hostsNow(): GatewayHost[] {
    return [...this.hosts.entries()]
      .map(([id, h]) => ({
        id,
        name: h.name,
        version: h.version,
        firstSeen: h.firstSeen,
        lastSeen: h.lastSeen,
        listings: h.listings,
        skills: [...h.skills.entries()].map(([uri, s]): GatewayServedSkill => ({ uri, label: s.label, name: s.name, reads: [...s.reads.entries()].map(([fileUri, r]) => ({ uri: fileUri, count: r.count, lastAt: r.lastAt })) })),
      }))
      .sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0));
  }
}
