/** Hits of one counter made together: one `INCRBY times` stands for all of them. */
export interface HitGroup {
  key: string;
  ttlSeconds: number;
  times: number;
}

/** The hits grouped by counter, in the order each counter first appears. */
export function groupHits(hits: ReadonlyArray<{ key: string; ttlSeconds: number }>): HitGroup[] {
  const groups = new Map<string, HitGroup>();
  for (const { key, ttlSeconds } of hits) {
    const group = groups.get(key);
    if (group) group.times += 1;
    else groups.set(key, { key, ttlSeconds, times: 1 });
  }
  return [...groups.values()];
}

/**
 * Each hit's count from its group's total after the `INCRBY`: the hits of a
 * group get consecutive counts ending at the total, in the order they were
 * made, as if each had been its own INCR one after the other (which is what a
 * lone hit gets). A group's error is each of its hits' error.
 */
export function countsOfHits(hits: ReadonlyArray<{ key: string }>, totals: ReadonlyMap<string, { total: number; times: number } | Error>): Array<number | Error> {
  const given = new Map<string, number>();
  return hits.map(({ key }) => {
    const result = totals.get(key) ?? new Error('Redis gave no reply to a rate-limit hit');
    if (result instanceof Error) return result;
    const before = given.get(key) ?? 0;
    given.set(key, before + 1);
    return result.total - result.times + before + 1;
  });
}
