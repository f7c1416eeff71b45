import { errorFromResponse, SameDayError } from './same-day-error';

const headers = (values: Record<string, string> = {}) => new Headers(values);

describe('errorFromResponse', () => {
  it('carries the envelope fields and the status', () => {
    const body = {
      error: { type: 'invalid_request_error', code: 'parameter_missing', message: 'dropoff_address is required', param: 'dropoff_address', request_id: 'req_abc' },
    };
    const error = errorFromResponse(400, body, headers({ 'x-request-id': 'req_other' }));
    expect(error).toBeInstanceOf(SameDayError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'SameDayError',
      status: 400,
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: 'dropoff_address is required',
      param: 'dropoff_address',
      requestId: 'req_abc',
      retryAfterMs: undefined,
    });
  });

  it('keeps the wait a 429 asked for, and a null param', () => {
    const body = { error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'Too many requests', param: null, request_id: 'req_1' } };
    expect(errorFromResponse(429, body, headers(), 30_000)).toMatchObject({ status: 429, type: 'rate_limit_error', param: null, retryAfterMs: 30_000 });
  });

  it('takes the request id from X-Request-Id when the envelope lacks it', () => {
    const body = { error: { type: 'api_error', code: 'service_unavailable', message: 'Try again' } };
    expect(errorFromResponse(503, body, headers({ 'x-request-id': 'req_h' }))).toMatchObject({ requestId: 'req_h', param: null, code: 'service_unavailable' });
  });

  it('turns anything but the envelope into an api_error of code unexpected_response', () => {
    for (const body of ['<html>Bad gateway</html>', { message: 'no' }, { error: { type: 'weird', code: 'x', message: 'y' } }, null, undefined]) {
      expect(errorFromResponse(502, body, headers({ 'x-request-id': 'req_p' }))).toMatchObject({
        status: 502,
        type: 'api_error',
        code: 'unexpected_response',
        message: "HTTP 502 without the API's error envelope",
        param: null,
        requestId: 'req_p',
      });
    }
    expect(errorFromResponse(502, 'x', headers()).requestId).toBeNull();
  });
});
