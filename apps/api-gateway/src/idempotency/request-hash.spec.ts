import { isValidIdempotencyKey, requestHash } from './request-hash';

describe('requestHash', () => {
  it('ignores key order, at every depth', () => {
    expect(requestHash({ a: 1, b: { c: 2, d: [1, { e: 3, f: 4 }] } })).toBe(requestHash({ b: { d: [1, { f: 4, e: 3 }], c: 2 }, a: 1 }));
  });

  it('tells different bodies apart', () => {
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
  });

  it('accepts printable keys up to 255 characters', () => {
    expect(isValidIdempotencyKey('order-1001_retry:2')).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(255))).toBe(true);
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey('x'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('has space')).toBe(false);
    expect(isValidIdempotencyKey('é')).toBe(false);
  });
});
