import { AppError } from './app-error';

/** What a caller sees while a dependency is down: the same words whichever it is. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Retry later.';

/** Socket-level failures (Node's net/dns errors), as pg, ioredis and BullMQ pass them on. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * Postgres SQLSTATEs that say the server is going away, not yet there, out of
 * connections, or took longer than statement_timeout; anything else (42xxx
 * syntax and undefined objects, 23xxx constraints…) is a bug or a business
 * case and stays what it is. Class 08 (connection exception) is matched whole.
 */
const POSTGRES_OUTAGE_STATES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '57014', // query_canceled: statement_timeout (we never cancel otherwise)
  '53300', // too_many_connections
]);

/**
 * Errors without a code, recognised by their message: pg's client and pool
 * (connection lost, connect or read timeout), ioredis (disconnected with no
 * offline queue, retries exhausted, command timeout) and Redis replies of a
 * server that is loading or failing over.
 */
const OUTAGE_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/, // pg: "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/, // pg-pool connectionTimeoutMillis
  /^Query read timeout/, // pg query_timeout
  /^Client has encountered a connection error and is not queryable/, // pg
  /^Connection is closed\./, // ioredis
  /^Stream isn't writeable and enableOfflineQueue options is false/, // ioredis
  /^Reached the max retries per request limit/, // ioredis MaxRetriesPerRequestError
  /^Command timed out/, // ioredis commandTimeout
  /^(LOADING|READONLY|MASTERDOWN) /, // Redis replies while it loads or fails over
];

const MAX_DEPTH = 4;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function matchesItself(error: Record<string, unknown>): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || POSTGRES_OUTAGE_STATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = typeof error.message === 'string' ? error.message : '';
  return OUTAGE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether `error` means a dependency (Postgres, Redis) is down, unreachable or
 * too slow, so the same request may well succeed later, rather than a bug.
 * Looks through the wrappers that carry the original: TypeORM's
 * QueryFailedError (`driverError`), `cause`, and AggregateError (`errors`,
 * Node's connect to every address of a host).
 */
export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (!isRecord(error) || depth > MAX_DEPTH) return false;
  if (matchesItself(error)) return true;
  const inner = [error.driverError, error.cause, ...(Array.isArray(error.errors) ? error.errors : [])];
  return inner.some((candidate) => isDependencyOutage(candidate, depth + 1));
}

/** The 503 that an outage error becomes, or undefined for any other error. */
export function asServiceUnavailable(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error.status === 503 ? error : undefined;
  return isDependencyOutage(error) ? AppError.serviceUnavailable(SERVICE_UNAVAILABLE_MESSAGE) : undefined;
}
