/**
 * An idle BullMQ worker asks Redis again at least every 10 s (its longest
 * blocking read, and its own watchdog 1 s after it): a step due for longer than
 * this, while this process's workers took nothing for as long, is one they are
 * not going to take.
 */
export const TIMELINE_STALL_MS = 15_000;

/** What the timeline watchdog sees at one instant. */
export interface TimelineProgress {
  /** How long the oldest due step has waited for a worker (TimelineBacklog). */
  oldestDueAgeMs: number;
  /** How long ago this process's workers last took a job. */
  sinceLastTakenMs: number;
}

/**
 * Whether this process's timeline workers are wedged: steps are due and have
 * waited past the stall time, and the workers took no job meanwhile. Seen
 * after a Redis Cluster failover, when a worker's connections were left on the
 * dead primary and it neither blocks on the new one nor fails.
 */
export function timelineWorkersStalled({ oldestDueAgeMs, sinceLastTakenMs }: TimelineProgress, stallMs = TIMELINE_STALL_MS): boolean {
  return oldestDueAgeMs > stallMs && sinceLastTakenMs > stallMs;
}
