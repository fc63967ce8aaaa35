// The order reads of one file were sent in, so an answer that arrives late
// cannot undo what a later read found. A server chooses when it answers: it
// can answer the read sent last at once with other bytes, and an older read
// after it with the listed ones. The file's check is what the latest read
// sent says; an older read's "verified" that lands after it is not written
// (its caller still gets its own verdict with its own bytes). An older read's
// failure still lands: the server did serve those bytes for the file.
// Only files with a read on its way are remembered, so this holds at most as
// many entries as there are reads in flight.

import { canonicalUri } from './uri-memo.js';

/** One file of one skill, whatever spelling either is read or listed under. */
export function readOrderKey(skillUri: string, fileUri: string): string {
  return `${canonicalUri(skillUri)}\n${canonicalUri(fileUri)}`;
}

interface FileReads {
  /** Tickets handed out for this file so far. */
  sent: number;
  /** The newest ticket whose verdict was written. */
  landed: number;
  /** Reads of this file still on their way. */
  inFlight: number;
}

export interface ReadTicket {
  readonly key: string;
  readonly number: number;
}

export class ReadOrder {
  private readonly files = new Map<string, FileReads>();

  /** Called as a read of the file is sent. `key` names the file of one skill. */
  send(key: string): ReadTicket {
    let reads = this.files.get(key);
    if (!reads) {
      reads = { sent: 0, landed: 0, inFlight: 0 };
      this.files.set(key, reads);
    }
    reads.sent++;
    reads.inFlight++;
    return { key, number: reads.sent };
  }

  /**
   * Whether this read's verdict is written to the file's check: not a
   * "verified" when a read sent after it has already been written.
   */
  lands(ticket: ReadTicket, verified: boolean): boolean {
    const reads = this.files.get(ticket.key);
    if (!reads) return true;
    if (verified && reads.landed > ticket.number) return false;
    reads.landed = Math.max(reads.landed, ticket.number);
    return true;
  }

  /** Called once the read is over, answered or not. */
  done(ticket: ReadTicket): void {
    const reads = this.files.get(ticket.key);
    if (!reads) return;
    if (--reads.inFlight <= 0) this.files.delete(ticket.key);
  }
}
