import { requestDeadline } from './deadline';

describe('requestDeadline', () => {
  it('is the own timeout from now outside another request', () => {
    expect(requestDeadline(1_000, 5_000)).toBe(6_000);
  });

  it('inherits the caller deadline when it comes sooner', () => {
    expect(requestDeadline(1_000, 5_000, 2_500)).toBe(2_500);
  });

  it('keeps its own timeout when the caller waits longer', () => {
    expect(requestDeadline(1_000, 5_000, 60_000)).toBe(6_000);
  });

  it('may already be past when the caller gave up', () => {
    expect(requestDeadline(3_000, 5_000, 2_000)).toBeLessThan(3_000);
  });
});
