import { stdSerializers, type LoggerOptions } from 'pino';
import { currentRequestContext } from './request-context';
import { redactSecrets } from './secret-redaction';

/**
 * One logger configuration for every app: JSON lines, the request id of the
 * current request or bus message on each line, and secrets redacted: by
 * field (headers, `secret`…), and inside the text of messages and errors
 * (API keys, tracking tokens…, see secret-redaction.ts), wherever they came from.
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
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map(redactArgument) as Parameters<typeof method>);
      },
    },
    serializers: { err: (error: Error) => redactFields(stdSerializers.err(error)) },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.secret', '*.api_key', '*.password'],
      censor: '[redacted]',
    },
  };
}

/** A message, or the string fields of a log object (errors are left to the `err` serializer). */
function redactArgument(argument: unknown): unknown {
  if (typeof argument === 'string') return redactSecrets(argument);
  if (typeof argument === 'object' && argument !== null && Object.getPrototypeOf(argument) === Object.prototype) return redactFields(argument);
  return argument;
}

function redactFields<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, typeof field === 'string' ? redactSecrets(field) : field])) as T;
}
