/**
 * The arithmetic of "operations per unit of work": Redis commands and
 * Postgres transactions and statements counted by the servers themselves,
 * read before and after a load, summed over a Redis Cluster's nodes, and
 * divided by the deliveries or webhooks the load made (docs/scaling.md).
 */

/** Counters by name (a command, a statement kind). */
export type Counts = Record<string, number>;

/** What the servers had counted at one instant. */
export interface ServerCounts {
  /** Calls per Redis command (`INFO commandstats`, scripts' inner commands included, as in `total_commands_processed`), summed over the primaries. */
  redisCommands: Counts;
  /** Transactions committed or rolled back in the bench's database (`pg_stat_database`). */
  pgTransactions: number;
  /** Statements run in the bench's database (`pg_stat_statements` calls), or null when the server did not load it. */
  pgStatements: number | null;
}

/** The same counts per unit of work, one decimal. */
export interface CountsPerUnit {
  redisCommands: number;
  /** The commands making up at least 0.1 per unit, most first. */
  redisByCommand: Counts;
  pgTransactions: number;
  pgStatements: number | null;
}

/** Calls per command from Redis' `INFO commandstats` (`cmdstat_get:calls=3,…`). */
export function parseCommandStats(info: string): Counts {
  return Object.fromEntries([...info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((match) => [match[1], Number(match[2])]));
}

/** The counts of several nodes, added up by name. */
export function sumCounts(all: readonly Counts[]): Counts {
  const sum: Counts = {};
  for (const counts of all) for (const [name, n] of Object.entries(counts)) sum[name] = (sum[name] ?? 0) + n;
  return sum;
}

const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

/** What happened between two readings, per each of `units`. */
export function countsPerUnit(before: ServerCounts, after: ServerCounts, units: number): CountsPerUnit {
  const byCommand = Object.entries(after.redisCommands).map(([name, calls]) => [name, oneDecimal((calls - (before.redisCommands[name] ?? 0)) / units)] as const);
  const allCommands = Object.entries(after.redisCommands).reduce((sum, [name, calls]) => sum + calls - (before.redisCommands[name] ?? 0), 0);
  return {
    redisCommands: oneDecimal(allCommands / units),
    redisByCommand: Object.fromEntries(byCommand.filter(([, n]) => n >= 0.1).sort((a, b) => b[1] - a[1])),
    pgTransactions: oneDecimal((after.pgTransactions - before.pgTransactions) / units),
    pgStatements: before.pgStatements === null || after.pgStatements === null ? null : oneDecimal((after.pgStatements - before.pgStatements) / units),
  };
}

/** One line for a report: "12.3 Redis commands, 4.5 Postgres transactions, 9.8 statements". */
export function describePerUnit(per: CountsPerUnit): string {
  const statements = per.pgStatements === null ? 'statements not counted (pg_stat_statements not loaded)' : `${per.pgStatements} statements`;
  return `${per.redisCommands} Redis commands (scripts' inner ones included), ${per.pgTransactions} Postgres transactions, ${statements}`;
}

/** Each count divided by `units`, whole numbers, zeros left out: bytes of each table per delivery. */
export function wholePerUnit(counts: Counts, units: number): Counts {
  return Object.fromEntries(
    Object.entries(counts)
      .map(([name, n]) => [name, Math.round(n / units)] as const)
      .filter(([, n]) => n > 0),
  );
}
