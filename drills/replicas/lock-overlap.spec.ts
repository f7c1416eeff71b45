import { tallyLockSamples } from './lock-overlap';

describe('tallyLockSamples', () => {
  it('counts the locks and backends seen, and no overlap when each lock had one holder at a time', () => {
    expect(
      tallyLockSamples([
        [{ key: 'a', holders: [10] }],
        [
          { key: 'a', holders: [11] },
          { key: 'b', holders: [10] },
        ],
        [],
      ]),
    ).toEqual({ samples: 3, locks: 2, backends: 2, overlaps: 0 });
  });

  it('counts a snapshot in which one lock had two holders as an overlap', () => {
    const tally = tallyLockSamples([[{ key: 'a', holders: [10, 11] }], [{ key: 'a', holders: [10] }], [{ key: 'b', holders: [12, 13] }]]);
    expect(tally.overlaps).toBe(2);
  });

  it('does not count one backend listed twice for a lock as an overlap', () => {
    expect(tallyLockSamples([[{ key: 'a', holders: [10, 10] }]]).overlaps).toBe(0);
  });
});
