import pino from 'pino';
import { loggerOptions } from '@sdd/common';
import { isProbeRequest, logRequest } from './http-logger';

describe('isProbeRequest', () => {
  it.each(['/health/live', '/health/ready', '/health/ready?verbose=1'])('skips the probe %s', (url) => {
    expect(isProbeRequest(url)).toBe(true);
  });

  it.each(['/healthz', '/health', '/health/live/x', '/health/../v1/deliveries', '/health%2Flive', '/%68ealth/live', '/HEALTH/live', '//health/live', '', undefined])(
    'logs %s like any request',
    (url) => {
      expect(isProbeRequest(url)).toBe(false);
    },
  );
});

describe('logRequest', () => {
  function capture(level = 'info') {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ ...loggerOptions('api-gateway', level) }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    return { logger, lines };
  }

  it('writes one line per answered request: id, method, URL without secrets, status, time', () => {
    const { logger, lines } = capture();
    logRequest(logger, { id: 'req_1', method: 'GET', url: '/track/AbCdEfGhIjKlMnOpQrStUvWxYz012345/status' }, 200, 12.4);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      service: 'api-gateway',
      request_id: 'req_1',
      method: 'GET',
      url: '/track/[redacted]/status',
      status: 200,
      duration_ms: 12,
      msg: 'request completed',
    });
  });

  it.each([
    [201, 'info'],
    [404, 'warn'],
    [429, 'warn'],
    [503, 'error'],
  ])('logs a %i at %s', (status, level) => {
    const { logger, lines } = capture();
    logRequest(logger, { id: 'r', method: 'POST', url: '/v1/quotes' }, status, 1);
    expect(lines[0].level).toBe(level);
  });

  it('skips the probes, and what the level leaves out', () => {
    const { logger, lines } = capture('warn');
    logRequest(logger, { id: 'r', method: 'GET', url: '/health/ready' }, 503, 1);
    logRequest(logger, { id: 'r', method: 'GET', url: '/v1/deliveries' }, 200, 1);
    expect(lines).toHaveLength(0);
    logRequest(undefined, { id: 'r', method: 'GET', url: '/v1/deliveries' }, 500, 1);
  });
});
