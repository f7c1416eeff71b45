import { deliveryLine, forwardedLine, money, requestLogLine } from './formats';

const plain = { color: false, tty: false, json: false };
const coloured = { color: true, tty: true, json: false };

describe('formats', () => {
  it('prints cents as dollars', () => {
    expect([money(1250), money(5), money(0)]).toEqual(['$12.50', '$0.05', '$0.00']);
  });

  it('prints a delivery on one line', () => {
    const line = deliveryLine(plain, { id: 'del_test_1', status: 'delivered', price: 1299, created_at: '2026-11-27T12:00:00.000Z' });
    expect(line).toMatch(/^del_test_1 +delivered +\$12\.99 +2026-11-27T12:00:00\.000Z$/);
  });

  it('prints a forwarded event with the local answer, coloured by its class on a terminal', () => {
    const at = new Date('2026-11-27T12:03:04Z');
    const event = { id: 'evt_1', type: 'delivery.delivered' };
    expect(forwardedLine(plain, at, event, { status: 200, durationMs: 7 })).toBe(`12:03:04  ${'delivery.delivered'.padEnd(28)} evt_1  → 200 (7 ms)`);
    expect(forwardedLine(plain, at, event, { status: null, durationMs: 3, error: 'ECONNREFUSED' })).toContain('→ failed: ECONNREFUSED');
    expect(forwardedLine(coloured, at, event, { status: 500, durationMs: 7 })).toContain('\u001b[31m500\u001b[0m');
  });

  it('prints a request log line', () => {
    const line = requestLogLine(plain, { created_at: '2026-11-27T12:03:04.000Z', method: 'POST', path: '/v1/quotes', status: 201, duration_ms: 12, request_id: 'req_1' });
    expect(line).toBe('12:03:04  POST   /v1/quotes  201  12 ms  req_1');
  });
});
