import { percentile } from '@sdd/common';

/** What one transport achieved over one or more timed rounds. */
export interface Summary {
  completed: number;
  errors: number;
  /** Wall time of the rounds, from first send to last reply, summed. */
  seconds: number;
  throughput: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * CPU time per reply in this process (client and server together) and in
   * Redis. Throughput moves with whatever else the machine is doing; CPU per
   * request much less, so it is the steadier figure to compare runs by.
   */
  nodeCpuUsPerRequest: number;
  redisCpuUsPerRequest: number;
}

/** A timed round's raw figures: latencies in nanoseconds, as numbers (exact below 2^53 ns, about 104 days). */
export interface RoundResult {
  latenciesNs: readonly number[];
  errors: number;
  elapsedNs: number;
  /** CPU microseconds used during the round by this process (all its threads) and by Redis. */
  nodeCpuUs: number;
  redisCpuUs: number;
}

/**
 * Pools rounds as if they were one run: latencies are merged (not averaged per
 * round, which would weight a short round like a long one) and throughput is
 * total replies over total measured time.
 */
export function summarize(rounds: readonly RoundResult[]): Summary {
  const values = rounds.flatMap((round) => round.latenciesNs).sort((a, b) => a - b);
  const toMs = (ns: number) => ns / 1e6;
  const perRequest = (total: number) => (values.length > 0 ? total / values.length : Number.NaN);
  const sum = (pick: (round: RoundResult) => number) => rounds.reduce((acc, round) => acc + pick(round), 0);
  const seconds = sum((round) => round.elapsedNs) / 1e9;
  return {
    completed: values.length,
    errors: sum((round) => round.errors),
    seconds,
    throughput: seconds > 0 ? values.length / seconds : Number.NaN,
    p50Ms: toMs(percentile(values, 50)),
    p99Ms: toMs(percentile(values, 99)),
    maxMs: toMs(values.length > 0 ? values[values.length - 1] : Number.NaN),
    nodeCpuUsPerRequest: perRequest(sum((round) => round.nodeCpuUs)),
    redisCpuUsPerRequest: perRequest(sum((round) => round.redisCpuUs)),
  };
}
