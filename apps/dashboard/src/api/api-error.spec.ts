import { describe, expect, it } from '@jest/globals';
import { toApiError } from './api-error';

describe('toApiError', () => {
  it("keeps the envelope's code and message", () => {
    const error = toApiError(403, { error: { code: 'role_forbidden', message: 'Viewers cannot roll keys.' } });
    expect([error.status, error.code, error.message]).toEqual([403, 'role_forbidden', 'Viewers cannot roll keys.']);
  });

  it('says something plain without an envelope', () => {
    expect(toApiError(502, undefined).message).toBe('The request failed (HTTP 502).');
  });
});
