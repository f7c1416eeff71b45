import { describe, expect, it } from '@jest/globals';
import { ApiError, toApiError, unwrap } from './api-error';

describe('api errors', () => {
  it("keeps the envelope's code and message", () => {
    const error = toApiError(403, { error: { code: 'role_forbidden', message: 'Viewers cannot roll keys.' } });
    expect([error.status, error.code, error.message]).toEqual([403, 'role_forbidden', 'Viewers cannot roll keys.']);
    expect(toApiError(409, { error: { code: 'pin_mismatch', message: 'Wrong PIN.' } })).toMatchObject({ status: 409, code: 'pin_mismatch', message: 'Wrong PIN.' });
  });

  it('says something plain without an envelope', () => {
    expect(toApiError(502, undefined).message).toBe('The request failed (HTTP 502).');
  });

  it('unwraps data, and throws a failure as an ApiError', async () => {
    await expect(unwrap(Promise.resolve({ data: 1, response: { ok: true, status: 200 } as Response }))).resolves.toBe(1);
    await expect(unwrap(Promise.resolve({ error: {}, response: { ok: false, status: 401 } as Response }))).rejects.toBeInstanceOf(ApiError);
  });
});
