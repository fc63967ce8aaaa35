// How the bench's report writes a figure or a time, shared by every part of it
// so the same number reads the same in each table, and the shape of one target row.

export const ms = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));
export const ratio = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(2)}×`);
export const int = (n: number) => n.toLocaleString('en-US');
/** An ISO timestamp to the minute, as `2026-12-02 14:20` (the report says UTC after it). */
export const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export interface Target {
  readonly what: string;
  readonly met: boolean | null;
  readonly measured: string;
}
