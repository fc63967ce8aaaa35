import type { EventName, Events } from '../shared/api.js';

export type EventListener = <E extends EventName>(event: E, payload: Events[E]) => void;

/** Pushed events, fanned out to every adapter (IPC, browser bridge, tests). */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch {
        // One broken subscriber (a closed window) must not stop the others.
      }
    }
  }
}
