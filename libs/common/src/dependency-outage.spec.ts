import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { Client, DatabaseError } from 'pg';
import { QueryFailedError } from 'typeorm';
import { AppError } from './app-error';
import { asServiceUnavailable, isDependencyOutage } from './dependency-outage';

/** A pg DatabaseError as the protocol parser builds it from the server's ErrorResponse. */
function postgresError(code: string, message: string, severity = 'ERROR'): DatabaseError {
  const error = new DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = severity;
  return error;
}

/** A Node system error as net.connect reports it. */
function systemError(code: string, syscall = 'connect'): NodeJS.ErrnoException {
  return Object.assign(new Error(`${syscall} ${code} 127.0.0.1:5432`), { code, errno: -1, syscall, address: '127.0.0.1', port: 5432 });
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('isDependencyOutage', () => {
  it.each([
    ['57P01 admin_shutdown', postgresError('57P01', 'terminating connection due to administrator command', 'FATAL')],
    ['57P02 crash_shutdown', postgresError('57P02', 'terminating connection because of crash of another server process', 'FATAL')],
    ['57P03 cannot_connect_now', postgresError('57P03', 'the database system is starting up', 'FATAL')],
    ['57014 statement_timeout', postgresError('57014', 'canceling statement due to statement timeout')],
    ['53300 too_many_connections', postgresError('53300', 'sorry, too many clients already', 'FATAL')],
    ['08006 connection_failure', postgresError('08006', 'connection failure', 'FATAL')],
    ['08001 sqlclient_unable_to_establish_sqlconnection', postgresError('08001', 'could not connect', 'FATAL')],
    ['08P01 protocol_violation', postgresError('08P01', 'protocol violation', 'FATAL')],
  ])('is true for Postgres %s', (_name, error) => {
    expect(isDependencyOutage(error)).toBe(true);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'])('is true for the socket error %s', (code) => {
    expect(isDependencyOutage(systemError(code))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'Connection terminated',
    'timeout exceeded when trying to connect',
    'Query read timeout',
    'Client has encountered a connection error and is not queryable',
    'Connection is closed.',
    "Stream isn't writeable and enableOfflineQueue options is false",
    'Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.',
    'Command timed out',
    'LOADING Redis is loading the dataset in memory',
    "READONLY You can't write against a read only replica.",
  ])('is true for the client error "%s"', (message) => {
    expect(isDependencyOutage(new Error(message))).toBe(true);
  });

  it('looks inside TypeORM QueryFailedError, cause and AggregateError', () => {
    expect(isDependencyOutage(new QueryFailedError('SELECT 1', [], postgresError('57P01', 'terminating connection', 'FATAL')))).toBe(true);
    expect(isDependencyOutage(new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDependencyOutage(new Error('could not save', { cause: systemError('ECONNRESET', 'read') }))).toBe(true);
    expect(isDependencyOutage(new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')]))).toBe(true);
  });

  it.each([
    ['42P01 undefined_table', new QueryFailedError('SELECT * FROM nope', [], postgresError('42P01', 'relation "nope" does not exist'))],
    ['42703 undefined_column', postgresError('42703', 'column "x" does not exist')],
    ['42601 syntax_error', postgresError('42601', 'syntax error at or near "SELEC"')],
    ['23505 unique_violation', postgresError('23505', 'duplicate key value violates unique constraint')],
    ['22P02 invalid_text_representation', postgresError('22P02', 'invalid input syntax for type uuid')],
    ['40P01 deadlock_detected', postgresError('40P01', 'deadlock detected')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a plain Error', new Error('boom')],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    ['an error whose code is not a string', Object.assign(new Error('x'), { code: 57 })],
  ])('is false for %s (a bug stays a 500)', (_name, error) => {
    expect(isDependencyOutage(error)).toBe(false);
  });

  it('stops at a cycle of causes', () => {
    const error: Error & { cause?: unknown } = new Error('loop');
    error.cause = error;
    expect(isDependencyOutage(error)).toBe(false);
  });

  it('is true for what pg really reports when nothing listens', async () => {
    const client = new Client({ host: '127.0.0.1', port: await closedPort(), user: 'u', database: 'd' });
    const error = await client.connect().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeDefined();
    expect(isDependencyOutage(error)).toBe(true);
  });

  it('is true for what ioredis really reports when nothing listens', async () => {
    const port = await closedPort();
    const offlineQueueOff = new Redis({ port, host: '127.0.0.1', enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    const gaveUp = new Redis({ port, host: '127.0.0.1', retryStrategy: () => null });
    gaveUp.on('error', () => undefined);
    const refused = await offlineQueueOff.ping().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    const closed = await gaveUp.ping().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(isDependencyOutage(refused)).toBe(true);
    expect(isDependencyOutage(closed)).toBe(true);
  });
});

describe('asServiceUnavailable', () => {
  it('turns an outage into 503 service_unavailable without its details', () => {
    const error = asServiceUnavailable(systemError('ECONNREFUSED'));
    expect(error?.toPayload()).toMatchObject({ status: 503, type: 'api_error', code: 'service_unavailable' });
    expect(error?.message).not.toContain('127.0.0.1');
  });

  it('keeps a 503 AppError and leaves any other error alone', () => {
    const unavailable = AppError.serviceUnavailable('later');
    expect(asServiceUnavailable(unavailable)).toBe(unavailable);
    expect(asServiceUnavailable(AppError.invalidRequest('parameter_invalid', 'bad'))).toBeUndefined();
    expect(asServiceUnavailable(postgresError('42P01', 'relation does not exist'))).toBeUndefined();
  });
});
