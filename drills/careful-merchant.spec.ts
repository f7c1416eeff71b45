import { routeOf, StatusTally } from './careful-merchant';

describe('routeOf', () => {
  it('names a route without its ids and query', () => {
    expect(routeOf('GET', '/v1/deliveries/del_test_abc123')).toBe('GET /v1/deliveries/{id}');
    expect(routeOf('GET', '/v1/events?limit=100&cursor=xyz')).toBe('GET /v1/events');
    expect(routeOf('POST', '/v1/quotes')).toBe('POST /v1/quotes');
  });
});

describe('StatusTally', () => {
  it('counts every answer by status and the 5xx by route too', () => {
    const tally = new StatusTally();
    tally.record({ status: 201 }, 'POST /v1/deliveries');
    tally.record({ status: 500, code: 'internal_error' }, 'POST /v1/quotes');
    tally.record({ status: 500, code: 'internal_error' }, 'POST /v1/quotes');
    tally.record({ failure: 'timeout' }, 'POST /v1/quotes');
    expect(tally.histogram()).toEqual({ '201': 1, '500': 2, timeout: 1 });
    expect(tally.serverErrors()).toEqual({ '500 POST /v1/quotes': 2 });
  });
});
