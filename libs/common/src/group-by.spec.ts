import { groupBy } from './group-by';

describe('groupBy', () => {
  it('groups items by key, keeping their order within each key and the keys in first-seen order', () => {
    const groups = groupBy(['b1', 'a1', 'b2', 'c1', 'a2'], (item) => item[0]);
    expect([...groups]).toEqual([
      ['b', ['b1', 'b2']],
      ['a', ['a1', 'a2']],
      ['c', ['c1']],
    ]);
  });

  it('keeps what valueOf takes from each item', () => {
    const groups = groupBy(
      [
        { to: 'x', n: 1 },
        { to: 'x', n: 2 },
      ],
      (item) => item.to,
      (item) => item.n,
    );
    expect(groups.get('x')).toEqual([1, 2]);
  });

  it('gives an empty map for no items', () => {
    expect(groupBy([], String).size).toBe(0);
  });
});
