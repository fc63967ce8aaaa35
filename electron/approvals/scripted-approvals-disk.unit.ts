// An approvals store over a disk the test scripts: each write of approvals.json
// fails or lands as the test says, and none settles before the test releases
// them, so a change the test makes meanwhile is asked for while the earlier
// write is still under way. No timing: the order is the test's.
import { ApprovalStore, type ApprovalsFile } from './approval-store.js';

export class ScriptedApprovalsDisk extends ApprovalStore {
  /** The outcome of each write to come, in order; a write with none left lands. */
  readonly outcomes: Array<'land' | Error> = [];
  private release$!: () => void;
  private readonly released = new Promise<void>((resolve) => (this.release$ = resolve));
  private asked$!: () => void;
  /** Resolves once the first write is asked for. */
  readonly firstAsked = new Promise<void>((resolve) => (this.asked$ = resolve));

  /** Lets every write held so far, and every later one, settle as scripted. */
  release(): void {
    this.release$();
  }

  protected override async write(file: ApprovalsFile): Promise<void> {
    const outcome = this.outcomes.shift() ?? 'land';
    this.asked$();
    await this.released;
    if (outcome !== 'land') throw outcome;
    return super.write(file);
  }
}
