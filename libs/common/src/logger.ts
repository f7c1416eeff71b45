import type { LoggerOptions } from 'pino';
import { currentRequestContext } from './request-context';

/**
 * One logger configuration for every app: JSON lines, the request id of the
 * current request or bus message on each line, and secrets redacted.
 */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    messageKey: 'msg',
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const context = currentRequestContext();
      return context ? { request_id: context.requestId } : {};
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.secret', '*.api_key', '*.password'],
      censor: '[redacted]',
    },
  };
}
