// What the renderer sees of the approved-skills gateway: the host config files
// it can be added to (with a preview before any write), and the in-app
// gateway's state — where it listens, which hosts are connected and what each
// one was served.

export type HostId = 'claude-desktop' | 'claude-code-user' | 'claude-code-project' | 'cursor-user' | 'cursor-project' | 'vscode-user' | 'vscode-project';

export const HOST_IDS: readonly HostId[] = ['claude-desktop', 'claude-code-user', 'claude-code-project', 'cursor-user', 'cursor-project', 'vscode-user', 'vscode-project'];

export interface HostChoice {
  readonly host: HostId;
  /** In the user's words: "Claude Code (this project)". */
  readonly title: string;
  readonly path: string;
  readonly exists: boolean;
  readonly scope: 'user' | 'project';
  /** The last write Skill Inspector made to this file, while Undo can still take it back. */
  readonly lastWrite?: HostWriteSummary;
}

export interface HostWriteSummary {
  readonly at: string;
  /** The copy of the file from before the write; null when the write created the file. */
  readonly backup: string | null;
}

export interface HostConfigPreview {
  readonly host: HostId;
  readonly title: string;
  readonly path: string;
  readonly exists: boolean;
  /** The file's text now (absent: there is no file yet). */
  readonly before?: string;
  /** The text Write would leave; absent when the file cannot be edited (see `problem`). */
  readonly after?: string;
  /** A unified diff from `before` to `after`. */
  readonly diff?: string;
  /** The gateway's entry is already in the file, exactly. */
  readonly unchanged: boolean;
  /** Why the file cannot be edited (it does not parse, say), naming the file and line; the snippet still works. */
  readonly problem?: string;
  /** SHA-256 of the bytes previewed: Write refuses when the file changed since. */
  readonly beforeSha256?: string;
  /** The entry as the host's JSON, for "Copy the snippet". */
  readonly snippet: string;
}

export interface HostWriteResult extends HostWriteSummary {
  readonly host: HostId;
  readonly path: string;
}

/** One file a host read through the gateway. */
export interface GatewayRead {
  readonly uri: string;
  readonly count: number;
  readonly lastAt: string;
}

/** One skill a host was served: listed, read, or both. */
export interface GatewayServedSkill {
  readonly uri: string;
  readonly label: string;
  readonly name: string;
  readonly reads: readonly GatewayRead[];
}

export interface GatewayHost {
  /** One per MCP session (stdio process or HTTP session). */
  readonly id: string;
  /** What the host said it is in `initialize` (clientInfo). */
  readonly name: string;
  readonly version: string;
  readonly firstSeen: string;
  readonly lastSeen: string;
  readonly listings: number;
  readonly skills: readonly GatewayServedSkill[];
}

export interface GatewayStatus {
  /** `off`: the app does not run the gateway (it could not start); `paused`: it refuses every host until resumed. */
  readonly state: 'running' | 'paused' | 'off';
  /** http://127.0.0.1:<port>/mcp while it listens. */
  readonly url?: string;
  /** The bearer token hosts send over HTTP. */
  readonly token?: string;
  /** How many skills it serves now. */
  readonly served: number;
  readonly hosts: readonly GatewayHost[];
  /** Why it is off, or (while it runs) why it serves nothing: its approvals could not be read. */
  readonly problem?: string;
  /**
   * The approved, enabled skills it holds back at its last refresh, and why (absent when it holds back none): the
   * first WITHHELD_SHOWN of `count`, in the order the command prints them.
   */
  readonly withheld?: { readonly count: number; readonly first: readonly GatewayWithheld[] };
}

/** How many held-back skills the status carries: a server can make thousands, each costing the window a row. */
export const WITHHELD_SHOWN = 50;

/** An approved, enabled skill the gateway does not serve, and why. */
export interface GatewayWithheld {
  /** The label of the server it came from (the user's name for it); the server's id when it is no longer configured. */
  readonly label: string;
  /** The skill's URI on that server. */
  readonly uri: string;
  /**
   * Why, as `skill-inspector gateway` says it on stderr ("its approved SKILL.md is not in the snapshot store.").
   * It can quote the server (a name, a URI, a frontmatter value): drawn with marks.
   */
  readonly why: string;
}

/** An approved skill that left the gateway: it changed upstream, so its approval was withdrawn. */
export interface GatewayWithdrawal {
  readonly label: string;
  readonly uri: string;
  readonly name: string;
  readonly at: string;
}

/** What the app says when an approved skill leaves the gateway: the in-app toast and the system notification alike. */
export function withdrawalNotice(withdrawal: GatewayWithdrawal): { readonly title: string; readonly body: string } {
  return {
    title: 'Withdrawn from the gateway',
    body: `${withdrawal.name} (${withdrawal.label}) changed upstream; hosts no longer get it until you approve it again.`,
  };
}
