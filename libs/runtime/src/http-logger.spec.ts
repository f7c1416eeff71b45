import { isProbeRequest } from './http-logger';

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
