/** The value at quantile `q` (0–1) of `values`, nearest rank; 0 for none. The input is not reordered. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
