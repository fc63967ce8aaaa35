// Appends one list to another without spreading it into arguments.
// `out.push(...items)` passes every item as an argument, and past about
// 120,000 of them V8 throws "Maximum call stack size exceeded". A server
// decides how long these lists are: a SKILL.md of 200,000 one-line fields
// (2 MB) is one finding per field, and the spread threw in the middle of
// Verify, which left the file's earlier "verified" standing.
export function append<T>(out: T[], items: Iterable<T>): T[] {
  for (const item of items) out.push(item);
  return out;
}
