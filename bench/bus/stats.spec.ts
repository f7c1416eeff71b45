import { summarize } from './stats';

describe('summarize', () => {
  it('pools the latencies and the time of all rounds', () => {
    const ms = 1e6;
    const summary = summarize([
      { latenciesNs: [3 * ms, 1 * ms], errors: 0, elapsedNs: 1e9, nodeCpuUs: 300, redisCpuUs: 100 },
      { latenciesNs: [2 * ms, 100 * ms], errors: 1, elapsedNs: 1e9, nodeCpuUs: 500, redisCpuUs: 100 },
    ]);
    expect(summary).toEqual({
      completed: 4,
      errors: 1,
      seconds: 2,
      throughput: 2,
      p50Ms: 2,
      p99Ms: 100,
      maxMs: 100,
      nodeCpuUsPerRequest: 200,
      redisCpuUsPerRequest: 50,
    });
  });

  it('sorts numerically, not as strings', () => {
    const summary = summarize([{ latenciesNs: [9e6, 10e6, 100e6], errors: 0, elapsedNs: 1e9, nodeCpuUs: 0, redisCpuUs: 0 }]);
    expect(summary.p50Ms).toBe(10);
    expect(summary.maxMs).toBe(100);
  });

  it('reports NaN figures, not a crash, for a round with no replies', () => {
    const summary = summarize([{ latenciesNs: [], errors: 5, elapsedNs: 1e9, nodeCpuUs: 10, redisCpuUs: 10 }]);
    expect(summary.completed).toBe(0);
    expect(summary.throughput).toBe(0);
    expect(summary.p50Ms).toBeNaN();
    expect(summary.maxMs).toBeNaN();
    expect(summary.nodeCpuUsPerRequest).toBeNaN();
  });
});
