// How the bench's report writes a figure, shared by every part of it so the
// same number reads the same in each table, and the shape of one target row.

export const ms = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));
export const ratio = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(2)}×`);
export const int = (n: number) => n.toLocaleString('en-US');

export interface Target {
  readonly what: string;
  readonly met: boolean | null;
  readonly measured: string;
}
