import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import { loggerOptions, redactUrl } from '@sdd/common';

/**
 * nestjs-pino settings: JSON lines with the service name and request id; the
 * request id is Fastify's (see createFastifyAdapter). Probe traffic is not
 * logged. The URL is logged without the tracking page's token or any key a
 * client put in it; headers (Authorization) are not logged at all.
 */
export function httpLoggerParams(service: string, level: string): Params {
  const options = loggerOptions(service, level);
  return {
    pinoHttp: {
      ...options,
      customLogLevel: (_req: IncomingMessage, res: { statusCode: number }, error?: Error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      autoLogging: { ignore: (req: IncomingMessage) => (req.url ?? '').startsWith('/health') },
      serializers: {
        ...options.serializers,
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    },
  };
}
