import { LoadResult, parseWrkSummary, poolLoads, QUANTILE_POINTS, quantilesOf, wrkScript } from './wrk';

describe('wrk', () => {
  it('writes the request into the script, quotes escaped, and a done hook printing one JSON line', () => {
    const script = wrkScript({ method: 'POST', headers: { authorization: 'Bearer k"1' }, body: '{"a":"b\\\\c"}' });
    expect(script).toContain('wrk.method = "POST"');
    expect(script).toContain('wrk.headers["authorization"] = "Bearer k\\"1"');
    expect(script).toContain('wrk.body = "{\\"a\\":\\"b\\\\\\\\c\\"}"');
    expect(script).toMatch(/^done = function\(summary, latency, requests\)$/m);
    expect(script).toContain(`for i = 1, ${QUANTILE_POINTS} do q[i] = string.format('%d', latency:percentile(i / 10)) end`);
    expect(wrkScript({ method: 'GET', headers: {} })).not.toContain('wrk.body');
  });

  it('reads the summary line into req/s and milliseconds', () => {
    const output = 'Running 10s test\nWRK {"requests":15000,"duration_us":10000000,"errors":2,"p50_us":31500,"p99_us":62000,"max_us":120000}\n';
    expect(parseWrkSummary(output)).toEqual({ requests: 15000, seconds: 10, perSecond: 1500, p50Ms: 31.5, p99Ms: 62, maxMs: 120, errors: 2 });
    const withQuantiles = output.replace('"max_us":120000}', '"max_us":120000,"quantiles_us":[1000,2500]}');
    expect(parseWrkSummary(withQuantiles).quantilesMs).toEqual([1, 2.5]);
  });

  it('refuses output without a summary', () => {
    expect(() => parseWrkSummary('unable to connect to 127.0.0.1:1 Connection refused\n')).toThrow(/wrk printed no summary/);
  });

  it('takes a quantile at every 0.1 %, nearest rank', () => {
    const q = quantilesOf(Array.from({ length: 2000 }, (_, i) => i + 1));
    expect(q).toHaveLength(QUANTILE_POINTS);
    expect([q[0], q[499], q[989], q[998]]).toEqual([2, 1000, 1980, 1998]);
    expect(quantilesOf([])).toEqual([]);
  });

  it("pools runs taken in turns: counts and seconds added, percentiles weighted by each run's requests", () => {
    const run = (requests: number, seconds: number, latencyMs: (i: number) => number, maxMs: number, errors = 0): LoadResult => ({
      requests,
      seconds,
      perSecond: requests / seconds,
      p50Ms: Number.NaN,
      p99Ms: Number.NaN,
      maxMs,
      errors,
      quantilesMs: Array.from({ length: QUANTILE_POINTS }, (_, i) => latencyMs(i)),
    });
    const fast = run(3000, 2, () => 10, 12);
    const slow = run(1000, 2, () => 40, 45, 1);
    const pooled = poolLoads([fast, slow]);
    expect(pooled).toMatchObject({ requests: 4000, seconds: 4, perSecond: 1000, p50Ms: 10, p99Ms: 40, maxMs: 45, errors: 1 });
    // One run pooled alone keeps its own percentiles.
    const spread = poolLoads([run(1000, 1, (i) => i + 1, 999)]);
    expect([spread.p50Ms, spread.p99Ms]).toEqual([500, 990]);
  });
});
