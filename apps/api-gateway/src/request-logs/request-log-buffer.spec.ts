import { admits } from './request-log-buffer';

describe('admits (the request log buffer bound)', () => {
  const bounds = { entries: 3, bodyChars: 1000 };

  it('takes entries while both the count and the bodies fit', () => {
    expect(admits({ entries: 0, bodyChars: 0 }, 1000, bounds)).toBe(true);
    expect(admits({ entries: 2, bodyChars: 500 }, 500, bounds)).toBe(true);
  });

  it('drops the entry past either bound', () => {
    expect(admits({ entries: 3, bodyChars: 0 }, 0, bounds)).toBe(false);
    expect(admits({ entries: 1, bodyChars: 900 }, 101, bounds)).toBe(false);
    expect(admits({ entries: 0, bodyChars: 0 }, 1001, bounds)).toBe(false);
  });
});
