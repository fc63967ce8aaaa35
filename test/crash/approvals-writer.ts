// The process the crash test kills: it loads the approvals store, the audit log
// and the snapshot store from a data directory and then writes to all three in
// a loop, forever, announcing each step on stdout (synchronously, so a marker
// written before a kill is never lost) so the test knows what was in flight.
//
//   S n  about to store snapshot n      B n  about to save approvals state n
//   E n  approvals state n saved        A n  audit line n appended
import { writeSync } from 'node:fs';
import path from 'node:path';
import { ApprovalStore } from '../../electron/approvals/approval-store.js';
import { AuditLog } from '../../electron/approvals/audit-log.js';
import { SnapshotStore } from '../../electron/snapshots/snapshot-store.js';
import type { ApprovalRecord } from '../../shared/approvals-model.js';
import { BYSTANDERS, COUNTER, SERVER } from './approvals-crash-constants.js';


const say = (line: string) => writeSync(1, `${line}\n`);

function snapshotBytes(n: number): Buffer {
  return Buffer.from(`snapshot ${n}\n`.repeat(1 + (n % 97)));
}

function record(skillUri: string, n: number, digest: string, size: number): ApprovalRecord {
  return {
    serverId: SERVER,
    skillUri,
    skillName: 'counter',
    decision: 'approved',
    resources: [{ uri: skillUri, digest, size }],
    frontmatter: { name: 'counter', description: `state ${n}` },
    fingerprint: digest,
    decidedAt: new Date().toISOString(),
    note: String(n),
    enabled: n % 2 === 0,
    allowedTools: null,
  };
}

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: approvals-writer <dataDir>');
  const store = new ApprovalStore(dataDir);
  const problem = await store.load();
  if (problem) {
    say(`PROBLEM ${JSON.stringify(problem)}`);
    process.exit(3);
  }
  const audit = new AuditLog(dataDir);
  const snapshots = new SnapshotStore(path.join(dataDir, 'snapshots'));
  await snapshots.sweep();
  let n = Number(store.get(SERVER, COUNTER)?.note ?? '0');
  say(`READY ${n}`);
  for (;;) {
    n += 1;
    const bytes = snapshotBytes(n);
    say(`S ${n}`);
    const { digest } = await snapshots.put(SERVER, bytes);
    say(`B ${n}`);
    const records = [record(COUNTER, n, digest, bytes.byteLength)];
    for (let i = 0; i < BYSTANDERS; i++) records.push(record(`skill://bystander-${i}/SKILL.md`, n, digest, bytes.byteLength));
    await store.setAll(records, 'undo');
    say(`E ${n}`);
    await audit.append({ action: 'approve', serverId: SERVER, skillUri: COUNTER, reason: `iteration ${n}`, fingerprint: digest, automatic: false });
    say(`A ${n}`);
  }
}

main().catch((error: unknown) => {
  say(`ERROR ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
