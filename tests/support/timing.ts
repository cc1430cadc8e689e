// Comparing timings in tests: a median, which one slow run (a busy machine) does not move much.

/** The middle value of `values` (the upper one of the two middle values when their number is even). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
