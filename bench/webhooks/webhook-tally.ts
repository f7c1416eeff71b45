/** What the receiver saw of one group of endpoints (paths starting with the group's name). */
export interface TallyReport {
  /** Requests received. */
  requests: number;
  /** Distinct (endpoint, event id) pairs. */
  unique: number;
  /** Requests for a pair already received. */
  duplicates: number;
  /** Requests whose signature did not verify with their endpoint's secret. */
  badSignatures: number;
  /** Date.now() of the first and last request, and of the 10th and 90th percentile of the arrivals: the middle 80 % is the steady rate. */
  firstAt: number;
  lastAt: number;
  steadyPerSecond: number;
}

/**
 * Counts what a receiver is sent, per group of endpoint paths: each request
 * once per (endpoint, event id), a second one as a duplicate, and whether its
 * signature verified. Pure: the receiver process feeds it.
 */
export class WebhookTally {
  private readonly groups = new Map<string, { firstArrival: Map<string, number>; arrivals: number[]; duplicates: number; badSignatures: number }>();

  record(group: string, path: string, eventId: string, at: number, signed: boolean): void {
    let tally = this.groups.get(group);
    if (!tally) {
      tally = { firstArrival: new Map(), arrivals: [], duplicates: 0, badSignatures: 0 };
      this.groups.set(group, tally);
    }
    const key = `${path} ${eventId}`;
    if (tally.firstArrival.has(key)) tally.duplicates += 1;
    else tally.firstArrival.set(key, at);
    tally.arrivals.push(at);
    if (!signed) tally.badSignatures += 1;
  }

  report(group: string): TallyReport {
    const tally = this.groups.get(group);
    const arrivals = tally?.arrivals ?? [];
    const at10 = arrivals[Math.floor(arrivals.length * 0.1)];
    const at90 = arrivals[Math.floor(arrivals.length * 0.9)];
    return {
      requests: arrivals.length,
      unique: tally?.firstArrival.size ?? 0,
      duplicates: tally?.duplicates ?? 0,
      badSignatures: tally?.badSignatures ?? 0,
      firstAt: arrivals[0] ?? Number.NaN,
      lastAt: arrivals[arrivals.length - 1] ?? Number.NaN,
      steadyPerSecond: at90 > at10 ? (arrivals.length * 0.8) / ((at90 - at10) / 1000) : Number.NaN,
    };
  }

  /** When each event of the group first arrived, by event id (the group's endpoints' paths left out). */
  arrivals(group: string): Array<[string, number]> {
    return [...(this.groups.get(group)?.firstArrival ?? [])].map(([key, at]) => [key.slice(key.indexOf(' ') + 1), at]);
  }
}
