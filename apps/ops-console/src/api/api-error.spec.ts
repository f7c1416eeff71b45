import { describe, expect, it } from '@jest/globals';
import { ApiError, toApiError, unwrap } from './api-error';

describe('api errors', () => {
  it("shows the API's message, or a plain one without an envelope", () => {
    expect(toApiError(409, { error: { code: 'delivery_not_reofferable', message: 'It was picked up.' } })).toMatchObject({
      status: 409,
      code: 'delivery_not_reofferable',
      message: 'It was picked up.',
    });
    expect(toApiError(502, undefined).message).toBe('The request failed (HTTP 502).');
  });

  it('unwraps data, and throws a failure as an ApiError', async () => {
    await expect(unwrap(Promise.resolve({ data: 1, response: { ok: true, status: 200 } as Response }))).resolves.toBe(1);
    await expect(unwrap(Promise.resolve({ error: {}, response: { ok: false, status: 401 } as Response }))).rejects.toBeInstanceOf(ApiError);
  });
});
