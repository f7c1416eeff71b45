/** One advisory lock as pg_locks showed it at one instant: its key and the backends holding it (granted). */
export interface HeldLock {
  key: string;
  holders: number[];
}

export interface LockTally {
  /** Snapshots of pg_locks taken. */
  samples: number;
  /** Distinct advisory locks seen held. */
  locks: number;
  /** Distinct backends seen holding one: above 1, the replicas did contend for the work. */
  backends: number;
  /** Snapshots in which one lock was held by two backends at once: a lock-guarded task running on two replicas together. */
  overlaps: number;
}

/** Tallies pg_locks snapshots taken during a drill (one array of held advisory locks per snapshot). */
export function tallyLockSamples(samples: readonly (readonly HeldLock[])[]): LockTally {
  const locks = new Set<string>();
  const backends = new Set<number>();
  let overlaps = 0;
  for (const sample of samples) {
    for (const { key, holders } of sample) {
      locks.add(key);
      for (const pid of holders) backends.add(pid);
    }
    if (sample.some(({ holders }) => new Set(holders).size > 1)) overlaps += 1;
  }
  return { samples: samples.length, locks: locks.size, backends: backends.size, overlaps };
}
