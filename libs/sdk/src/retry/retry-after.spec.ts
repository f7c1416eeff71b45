import { parseRetryAfter } from './retry-after';

const now = Date.parse('2026-11-27T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads whole seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('60', now)).toBe(60_000);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(parseRetryAfter('Fri, 27 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
  });

  it('takes a date already past as no wait', () => {
    expect(parseRetryAfter('Fri, 27 Nov 2026 11:59:00 GMT', now)).toBe(0);
  });

  it('ignores what is neither', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
    expect(parseRetryAfter('2026-11-27', now)).toBeUndefined();
    expect(parseRetryAfter('Fri, 99 Foo 2026', now)).toBeUndefined();
  });
});
