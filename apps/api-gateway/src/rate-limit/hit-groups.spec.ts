import { countsOfHits, groupHits } from './hit-groups';

describe('groupHits', () => {
  it('makes one group per counter, in the order each first appears, counting its hits', () => {
    const hits = [
      { key: 'k:a:60', ttlSeconds: 120 },
      { key: 'ip:1:60', ttlSeconds: 120 },
      { key: 'k:a:60', ttlSeconds: 120 },
      { key: 'k:a:60', ttlSeconds: 120 },
    ];
    expect(groupHits(hits)).toEqual([
      { key: 'k:a:60', ttlSeconds: 120, times: 3 },
      { key: 'ip:1:60', ttlSeconds: 120, times: 1 },
    ]);
  });
});

describe('countsOfHits', () => {
  it("gives a group's hits consecutive counts ending at its total, in the order they were made, as one INCR each would", () => {
    const hits = [{ key: 'a' }, { key: 'b' }, { key: 'a' }, { key: 'a' }];
    const totals = new Map([
      ['a', { total: 12, times: 3 }],
      ['b', { total: 1, times: 1 }],
    ]);
    expect(countsOfHits(hits, totals)).toEqual([10, 1, 11, 12]);
  });

  it("answers a group's error, or a missing reply, for each of its hits", () => {
    const failed = new Error('Connection is closed.');
    const counts = countsOfHits([{ key: 'a' }, { key: 'b' }, { key: 'a' }], new Map([['a', failed]]));
    expect(counts[0]).toBe(failed);
    expect(counts[2]).toBe(failed);
    expect((counts[1] as Error).message).toBe('Redis gave no reply to a rate-limit hit');
  });
});
