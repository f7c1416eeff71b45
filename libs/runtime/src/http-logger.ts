import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import { loggerOptions, redactUrl } from '@sdd/common';

/** The orchestrator's probes (OpsHealthController), matched exactly. */
const PROBE_PATHS: ReadonlySet<string> = new Set(['/health/live', '/health/ready']);

/**
 * Probe traffic is not logged. Only the probes' exact paths are skipped: a
 * URL that merely starts like one (`/health/../v1/…`, `/healthz`) is logged
 * like any other request, so nobody can hide requests from the log that way.
 */
export function isProbeRequest(url: string | undefined): boolean {
  return PROBE_PATHS.has((url ?? '').split('?')[0]);
}

/**
 * nestjs-pino settings: JSON lines with the service name and request id; the
 * request id is Fastify's (see createFastifyAdapter). The URL is logged
 * without the tracking page's token or any key a client put in it; headers
 * (Authorization) are not logged at all.
 */
export function httpLoggerParams(service: string, level: string): Params {
  const options = loggerOptions(service, level);
  return {
    pinoHttp: {
      ...options,
      customLogLevel: (_req: IncomingMessage, res: { statusCode: number }, error?: Error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      autoLogging: { ignore: (req: IncomingMessage) => isProbeRequest(req.url) },
      serializers: {
        ...options.serializers,
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    },
  };
}
