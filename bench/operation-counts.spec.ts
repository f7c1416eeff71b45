import { countsPerUnit, describePerUnit, parseCommandStats, ServerCounts, sumCounts, wholePerUnit } from './operation-counts';

const reading = (overrides: Partial<ServerCounts>): ServerCounts => ({ redisCommands: {}, pgTransactions: 0, pgStatements: 0, ...overrides });

describe('operations per unit of work', () => {
  it("reads the calls of every command from Redis' INFO commandstats", () => {
    const info = '# Commandstats\r\ncmdstat_evalsha:calls=12,usec=300,usec_per_call=25.00\r\ncmdstat_zadd:calls=4,usec=8\r\n';
    expect(parseCommandStats(info)).toEqual({ evalsha: 12, zadd: 4 });
  });

  it("adds up a cluster's nodes by command", () => {
    expect(sumCounts([{ get: 1, set: 2 }, { set: 3, zadd: 4 }, {}])).toEqual({ get: 1, set: 5, zadd: 4 });
  });

  it('divides what happened between two readings by the units, commands under 0.1 per unit left out, most first', () => {
    const before = reading({ redisCommands: { get: 100, set: 10 }, pgTransactions: 50, pgStatements: 70 });
    const after = reading({ redisCommands: { get: 300, set: 12, zadd: 500 }, pgTransactions: 850, pgStatements: 2070 });
    expect(countsPerUnit(before, after, 100)).toEqual({
      redisCommands: 7,
      redisByCommand: { zadd: 5, get: 2 },
      pgTransactions: 8,
      pgStatements: 20,
    });
  });

  it('says so when statements were not counted', () => {
    const per = countsPerUnit(reading({ pgStatements: null }), reading({ pgStatements: null, pgTransactions: 30 }), 10);
    expect(per.pgStatements).toBeNull();
    expect(describePerUnit(per)).toBe("0 Redis commands (scripts' inner ones included), 3 Postgres transactions, statements not counted (pg_stat_statements not loaded)");
  });
});

describe('bytes per unit', () => {
  it('divides each table by the units, whole, and leaves out what rounds to nothing', () => {
    expect(wholePerUnit({ deliveries: 4_100_000, outbox_events: 9_000_000, drivers: 8192 }, 2000)).toEqual({ deliveries: 2050, outbox_events: 4500, drivers: 4 });
    expect(wholePerUnit({ drivers: 800 }, 2000)).toEqual({});
  });
});
