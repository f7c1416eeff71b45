import { STATUS_FILTER_PATTERN, statusRange } from './status-filter';

describe('status filter', () => {
  it.each([
    ['200', { min: 200, max: 200 }],
    ['404', { min: 404, max: 404 }],
    ['4xx', { min: 400, max: 499 }],
    ['5xx', { min: 500, max: 599 }],
    ['2xx', { min: 200, max: 299 }],
  ])('%s matches %j', (filter, range) => {
    expect(STATUS_FILTER_PATTERN.test(filter)).toBe(true);
    expect(statusRange(filter)).toEqual(range);
  });

  it.each(['', '4', '40', '4000', '4XX', '6xx', '0xx', 'x00', '20x', ' 200', '200 ', 'abc'])('%j is refused', (filter) => {
    expect(STATUS_FILTER_PATTERN.test(filter)).toBe(false);
  });
});
