import { parseWrkSummary, wrkScript } from './wrk';

describe('wrk', () => {
  it('writes the request into the script, quotes escaped, and a done hook printing one JSON line', () => {
    const script = wrkScript({ method: 'POST', headers: { authorization: 'Bearer k"1' }, body: '{"a":"b\\\\c"}' });
    expect(script).toContain('wrk.method = "POST"');
    expect(script).toContain('wrk.headers["authorization"] = "Bearer k\\"1"');
    expect(script).toContain('wrk.body = "{\\"a\\":\\"b\\\\\\\\c\\"}"');
    expect(script).toMatch(/^done = function\(summary, latency, requests\)$/m);
    expect(wrkScript({ method: 'GET', headers: {} })).not.toContain('wrk.body');
  });

  it('reads the summary line into req/s and milliseconds', () => {
    const output = 'Running 10s test\nWRK {"requests":15000,"duration_us":10000000,"errors":2,"p50_us":31500,"p99_us":62000,"max_us":120000}\n';
    expect(parseWrkSummary(output)).toEqual({ requests: 15000, seconds: 10, perSecond: 1500, p50Ms: 31.5, p99Ms: 62, maxMs: 120, errors: 2 });
  });

  it('refuses output without a summary', () => {
    expect(() => parseWrkSummary('unable to connect to 127.0.0.1:1 Connection refused\n')).toThrow(/wrk printed no summary/);
  });
});
