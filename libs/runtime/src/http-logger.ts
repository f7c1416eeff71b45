import type { Params } from 'nestjs-pino';
import type { Logger as PinoRootLogger } from 'pino';
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
 * nestjs-pino settings: JSON lines with the service name and the request id
 * (added by loggerOptions' mixin from the request context). Its per-request
 * middleware is not mounted (`forRoutes: []`): pino-http's child logger,
 * serializers and async-context store per request cost the gateway an eighth
 * of its CPU under load (issue 16 profile), and one line per request written
 * from a Fastify hook (logRequest) says the same.
 */
export function httpLoggerParams(service: string, level: string): Params {
  return { pinoHttp: loggerOptions(service, level), forRoutes: [] };
}

export type RequestLogLevel = 'info' | 'warn' | 'error';

export function requestLogLevel(status: number): RequestLogLevel {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

interface AnsweredRequest {
  id: string;
  method: string;
  url: string;
}

/**
 * The line of an answered request: its id, method and URL (without the
 * tracking page's token or any key a client put in it), status and time.
 * Headers (Authorization) are never logged.
 */
export function logRequest(logger: PinoRootLogger | undefined, request: AnsweredRequest, status: number, elapsedMs: number): void {
  if (!logger || isProbeRequest(request.url)) return;
  const level = requestLogLevel(status);
  if (!logger.isLevelEnabled(level)) return;
  // Flat fields, not pino-http's `req`/`res`: pino would run its request and response serializers over those names.
  logger[level]({ request_id: request.id, method: request.method, url: redactUrl(request.url), status, duration_ms: Math.round(elapsedMs) }, 'request completed');
}
