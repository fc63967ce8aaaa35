// Audit entries on their way to the audit log: each waits here, in order and
// with its own time, until the log has taken it. A full disk leaves it waiting
// for the next drain instead of losing it. One drain at a time: two would
// append the same entry twice.
import type { AuditEntry } from '../../shared/approvals-model.js';
import type { AuditLog } from './audit-log.js';

export class AuditQueue {
  private readonly waiting: AuditEntry[] = [];
  private draining: Promise<void> = Promise.resolve();

  constructor(private readonly log: AuditLog) {}

  get hasWaiting(): boolean {
    return this.waiting.length > 0;
  }

  /** Queues an entry without writing it (its decision could not be saved yet). */
  hold(entry: AuditEntry): void {
    this.waiting.push(entry);
  }

  /** Writes every waiting entry, oldest first; rejects when the log refuses one, which then stays queued. */
  drain(): Promise<void> {
    const drain = this.draining.then(async () => {
      while (this.waiting.length > 0) {
        await this.log.append(this.waiting[0]!);
        this.waiting.shift();
      }
    });
    this.draining = drain.catch(() => undefined);
    return drain;
  }
}
