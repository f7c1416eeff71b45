import { DroppingClient } from './dropping-client';

type Query = (this: DroppingClient, ...args: unknown[]) => unknown;

/**
 * The client behind a transaction pooler (PgBouncer 1.18, pool_mode=transaction),
 * where each transaction may run on another server connection: a statement this
 * client prepared by name there is unknown on the next one (26000), so the named
 * statements of the hot paths (runPrepared) go unnamed. Same text, parameters
 * still bound, still one round trip (Parse, Bind, Execute and Sync go together);
 * the server parses and plans each one (docs/decisions/0017 measures the cost).
 */
export class UnnamedStatementClient extends DroppingClient {}

const query = DroppingClient.prototype.query as Query;

/** A query config of our own (runPrepared's), not a pg Query or cursor object, which keep their name. */
function isNamedConfig(config: unknown): config is { name: string } {
  return typeof config === 'object' && config !== null && Object.getPrototypeOf(config) === Object.prototype && 'name' in config;
}

function unnamedQuery(this: DroppingClient, config: unknown, ...rest: unknown[]): unknown {
  if (!isNamedConfig(config)) return query.call(this, config, ...rest);
  const unnamed: Record<string, unknown> = { ...config };
  delete unnamed.name;
  return query.call(this, unnamed, ...rest);
}

(UnnamedStatementClient.prototype as unknown as { query: Query }).query = unnamedQuery;
