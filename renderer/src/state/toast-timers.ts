// When a toast closes itself. Mantine's own timer stops while the pointer is
// over a toast but not while keyboard focus is in it, so a keyboard user who
// tabbed to a toast's close button lost the toast under it (WCAG 2.2.1, timing
// adjustable). Toasts are shown with Mantine's timer off and timed here: every
// toast's time stands still while any toast is held — the pointer over it or
// focus within it — as Mantine's did on hover, so the toasts do not close and
// move under the one being read. When the last hold ends, each goes on with the
// time it had left, but never less than a short moment to find it again.

/** How long a toast stays when nothing holds it, unless it says otherwise (Mantine's default). */
export const TOAST_STAYS_MS = 4_000;
/** Least time a toast has left once let go: one let go a moment before its end does not vanish at once. */
export const AFTER_HOLD_MS = 2_000;

export type HoldBy = 'pointer' | 'focus';

interface Timing {
  /** Time left while stopped; counted from `since` while running. */
  left: number;
  since: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class ToastTimers {
  private readonly timings = new Map<string, Timing>();
  private readonly holds = new Map<string, Set<HoldBy>>();

  constructor(private readonly close: (id: string) => void) {}

  /** The toast is on screen: its time starts (unless a toast is held). A toast already timed keeps its time. */
  start(id: string, ms: number): void {
    if (this.timings.has(id)) return;
    const timing: Timing = { left: ms, since: Date.now(), timer: undefined };
    this.timings.set(id, timing);
    if (!this.held()) this.run(id, timing);
  }

  hold(id: string, by: HoldBy): void {
    const wasHeld = this.held();
    let holds = this.holds.get(id);
    if (!holds) this.holds.set(id, (holds = new Set()));
    holds.add(by);
    if (!wasHeld) for (const timing of this.timings.values()) this.stop(timing);
  }

  release(id: string, by: HoldBy): void {
    const holds = this.holds.get(id);
    if (!holds?.delete(by)) return;
    if (holds.size === 0) this.holds.delete(id);
    if (!this.held()) this.resume();
  }

  /** The toast closed (its time ran out, or the user or the app closed it): it neither holds nor is timed any more. */
  forget(id: string): void {
    const timing = this.timings.get(id);
    if (timing) clearTimeout(timing.timer);
    this.timings.delete(id);
    if (this.holds.delete(id) && !this.held()) this.resume();
  }

  /** Whether a toast is held (its time, and every other toast's, stands still). */
  held(): boolean {
    return this.holds.size > 0;
  }

  private resume(): void {
    for (const [id, timing] of this.timings) {
      timing.left = Math.max(timing.left, AFTER_HOLD_MS);
      this.run(id, timing);
    }
  }

  private run(id: string, timing: Timing): void {
    clearTimeout(timing.timer);
    timing.since = Date.now();
    timing.timer = setTimeout(() => {
      this.forget(id);
      this.close(id);
    }, timing.left);
  }

  private stop(timing: Timing): void {
    if (timing.timer === undefined) return;
    clearTimeout(timing.timer);
    timing.timer = undefined;
    timing.left = Math.max(0, timing.left - (Date.now() - timing.since));
  }
}
