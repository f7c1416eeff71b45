import { parseRecoverySince } from './recovery-since';

describe('parseRecoverySince', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('accepts a timestamp up to 7 days back, with any zone', () => {
    expect(parseRecoverySince('2026-11-23T11:00:00Z', now)).toEqual({ since: new Date('2026-11-23T11:00:00Z') });
    expect(parseRecoverySince('2026-11-16T12:00:00Z', now)).toEqual({ since: new Date('2026-11-16T12:00:00Z') });
    expect(parseRecoverySince('2026-11-23T06:00:00.123-05:00', now)).toEqual({ since: new Date('2026-11-23T11:00:00.123Z') });
    expect(parseRecoverySince('2026-11-23T12:00:00Z', now)).toEqual({ since: now });
  });

  it('refuses more than 7 days back or the future', () => {
    expect(parseRecoverySince('2026-11-16T11:59:59Z', now)).toEqual({ error: 'must be at most 7 days ago' });
    expect(parseRecoverySince('2026-11-23T12:00:01Z', now)).toEqual({ error: 'must not be in the future' });
  });

  it('refuses what is not an RFC 3339 date-time with a zone', () => {
    for (const value of ['2026-11-23', '2026-11-23T11:00:00', '1763895600', 1763895600, '2026-13-40T99:00:00Z', '', null, 'yesterday']) {
      expect(parseRecoverySince(value, now)).toHaveProperty('error');
    }
  });
});
