/**
 * V8's last words when an app's heap reaches its limit (--max-old-space-size,
 * docs/decisions/0010-v8-heap-limits.md): "FATAL ERROR: Reached heap limit
 * Allocation failed - JavaScript heap out of memory", or "Ineffective
 * mark-compacts near heap limit" when the GC gives up first.
 */
const HEAP_LIMIT_DEATH = /Reached heap limit|JavaScript heap out of memory|Ineffective mark-compacts near heap limit/;

/** Whether a process's last output says it died at its heap limit. */
export function diedAtHeapLimit(lastLines: readonly string[]): boolean {
  return lastLines.some((line) => HEAP_LIMIT_DEATH.test(line));
}

/** The crashes that were heap-limit deaths, counted by app. */
export function heapLimitDeaths(crashes: readonly { app: string; lastLines: readonly string[] }[]): Record<string, number> {
  const deaths: Record<string, number> = {};
  for (const { app, lastLines } of crashes) if (diedAtHeapLimit(lastLines)) deaths[app] = (deaths[app] ?? 0) + 1;
  return deaths;
}
