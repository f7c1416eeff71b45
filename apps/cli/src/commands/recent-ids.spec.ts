import { RecentIds } from './recent-ids';

describe('RecentIds', () => {
  it('says new once per id and forgets the oldest past its capacity', () => {
    const seen = new RecentIds(2);
    expect([seen.add('a'), seen.add('a'), seen.add('b'), seen.add('c')]).toEqual([true, false, true, true]);
    expect(seen.add('b')).toBe(false);
    expect(seen.add('a')).toBe(true);
  });
});
