import { Client } from 'pg';

type Query = (this: Client, ...args: unknown[]) => unknown;

const READ_TIMEOUT = 'Query read timeout';

function isReadTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === READ_TIMEOUT;
}

/**
 * pg's `query_timeout` gives up on a query but keeps its connection, and the
 * connection's next queries wait behind the one nobody answered: against a
 * black-holed server every later query on it would time out too, even after
 * the network heals. This client closes the connection instead; the pool
 * drops it (its 'error' event) and opens a fresh one when asked.
 */
export class DroppingClient extends Client {}

const query = Client.prototype.query as Query;

function droppingQuery(this: Client, ...args: unknown[]): unknown {
  const drop = (error: unknown) => {
    if (isReadTimeout(error)) this.connection.stream.destroy();
  };
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (error: unknown, ...rest: unknown[]) => {
      drop(error);
      return (callback as (...a: unknown[]) => unknown)(error, ...rest);
    };
  }
  const result = query.apply(this, args);
  if (result instanceof Promise) result.catch(drop);
  return result;
}

(DroppingClient.prototype as unknown as { query: Query }).query = droppingQuery;
