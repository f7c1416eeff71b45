import { HttpException, MethodNotAllowedException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { errorCodes } from 'fastify';
import { AppError } from '@sdd/common';
import { RETRY_AFTER_SECONDS, toErrorEnvelope } from './error-envelope';

describe('toErrorEnvelope', () => {
  it('keeps a typed error as it is, adding the request id', () => {
    const error = AppError.invalidRequest('parameter_invalid', 'Must be a postal code.', 'address.postal_code');
    expect(toErrorEnvelope(error, 'req_1')).toEqual({
      status: 400,
      unexpected: false,
      headers: {},
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_invalid',
          message: 'Must be a postal code.',
          param: 'address.postal_code',
          request_id: 'req_1',
        },
      },
    });
  });

  it('maps an unknown route to 404 resource_missing', () => {
    const { status, body } = toErrorEnvelope(new NotFoundException('Cannot GET /v1/nope'), 'req_2');
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing', param: null });
  });

  it.each([
    [400, 'invalid_json'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
  ])('maps what Fastify rejects before routing (%i) to %s', (status, code) => {
    const { body } = toErrorEnvelope(new HttpException("Body is not valid JSON but content-type is set to 'application/json'", status), 'r');
    expect(body.error).toMatchObject({ code, type: 'invalid_request_error', param: null });
    expect(body.error.message).not.toContain('content-type is set');
  });

  it('keeps the status of other framework errors', () => {
    expect(toErrorEnvelope(new MethodNotAllowedException(), 'r').status).toBe(405);
  });

  it('hides the details of anything unexpected behind 500 internal_error', () => {
    const { status, body, unexpected } = toErrorEnvelope(new Error('connection string postgres://secret'), 'req_3');
    expect(status).toBe(500);
    expect(unexpected).toBe(true);
    expect(body.error.code).toBe('internal_error');
    expect(body.error.type).toBe('api_error');
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('turns a database that is down into 503 service_unavailable with Retry-After, not a logged bug', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const { status, body, unexpected, headers } = toErrorEnvelope(refused, 'req_4');
    expect(status).toBe(503);
    expect(unexpected).toBe(false);
    expect(headers).toEqual({ 'retry-after': String(RETRY_AFTER_SECONDS) });
    expect(body.error).toMatchObject({ type: 'api_error', code: 'service_unavailable', param: null, request_id: 'req_4' });
    expect(JSON.stringify(body)).not.toContain('5432');
  });

  it('adds Retry-After to every 503, whatever raised it', () => {
    expect(toErrorEnvelope(AppError.serviceUnavailable('later'), 'r').headers).toEqual({ 'retry-after': String(RETRY_AFTER_SECONDS) });
    const notReady = toErrorEnvelope(new ServiceUnavailableException({ status: 'error' }), 'r');
    expect(notReady.status).toBe(503);
    expect(notReady.body.error.code).toBe('service_unavailable');
    expect(notReady.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(toErrorEnvelope(new Error('bug'), 'r').headers).toEqual({});
  });

  it('maps a Fastify error by its code, never its message; one a client cannot cause is a logged 500', () => {
    const mismatch = toErrorEnvelope(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), 'r');
    expect(mismatch.status).toBe(400);
    expect(mismatch.unexpected).toBe(false);
    expect(mismatch.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid' });
    const overlong = toErrorEnvelope(new errorCodes.FST_ERR_MAX_PARAM_LENGTH('/v1/deliveries/xxx'), 'r');
    expect(overlong.status).toBe(414);
    expect(JSON.stringify(overlong.body)).not.toContain('/v1/deliveries/xxx');
    const mistake = toErrorEnvelope(new errorCodes.FST_ERR_REP_ALREADY_SENT('/x', 'GET'), 'r');
    expect(mistake.status).toBe(500);
    expect(mistake.unexpected).toBe(true);
  });
});
