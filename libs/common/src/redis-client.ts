import { readFileSync } from 'node:fs';
import { Cluster, ClusterNode, ClusterOptions, Redis, RedisOptions } from 'ioredis';

/**
 * A connection to the system's Redis: one server (`Redis`) or a Redis
 * Cluster (`Cluster`), as configured. Both take the same commands; a caller
 * that pipelines keys of several slots groups them by node first
 * (`pipelineGroups`), as a Cluster sends one pipeline to one node only.
 */
export type RedisConnection = Redis | Cluster;

/**
 * The options for a connection to `url`: credentials and TLS come from the
 * URL (`rediss://user:password@host:port`, parsed by ioredis), and `ca`, when
 * given, is the only authority a `rediss://` server's certificate is checked
 * against. A plain `redis://` URL never gets TLS options.
 */
export function redisOptionsFor(url: string, options: RedisOptions, ca: string | undefined): RedisOptions {
  if (ca === undefined || !/^rediss:\/\//i.test(url)) return options;
  return { ...options, tls: { ...options.tls, ca } };
}

/**
 * The seed nodes of REDIS_CLUSTER_NODES (`host:port,host:port`), and the
 * node REDIS_URL names: ioredis asks the first that answers for the rest of
 * the cluster.
 */
export function clusterSeeds(url: string, nodes: string): ClusterNode[] {
  const named = new URL(url);
  const seeds = [`${named.hostname}:${named.port || '6379'}`, ...nodes.split(',').map((node) => node.trim())].filter(Boolean);
  return [...new Set(seeds)].map((seed) => {
    const colon = seed.lastIndexOf(':');
    return { host: seed.slice(0, colon), port: Number(seed.slice(colon + 1)) };
  });
}

/**
 * The Cluster options that give every node what `redisOptionsFor` gives one
 * server: REDIS_URL's credentials and, for `rediss://`, TLS. What ioredis
 * keeps at the cluster level (the offline queue, lazy connect, the ready
 * check, the reconnect strategy) goes there; the rest to each node.
 */
export function clusterOptionsFor(url: string, options: RedisOptions, ca: string | undefined): ClusterOptions {
  const {
    enableOfflineQueue,
    lazyConnect,
    enableReadyCheck,
    retryStrategy,
    host: _host,
    port: _port,
    path: _path,
    readOnly: _readOnly,
    sentinels: _sentinels,
    ...perNode
  } = options;
  const parsed = new URL(url);
  const credentials = {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
  };
  const tls = /^rediss:\/\//i.test(url) ? { tls: { ...perNode.tls, ...(ca === undefined ? {} : { ca }) } } : {};
  const clusterLevel: ClusterOptions = { enableOfflineQueue, lazyConnect, enableReadyCheck, clusterRetryStrategy: retryStrategy };
  const defined = Object.fromEntries(Object.entries(clusterLevel).filter(([, value]) => value !== undefined)) as ClusterOptions;
  return { ...defined, redisOptions: { ...perNode, ...credentials, ...tls } };
}

/**
 * Every Redis connection of the system opens here. REDIS_TLS_CA_FILE and
 * REDIS_CLUSTER_NODES are read like NODE_EXTRA_CA_CERTS (process-wide
 * settings, validated at start-up by BaseConfig), so a private CA and the
 * cluster's seeds reach every connection without each caller carrying them.
 */
export function createRedis(url: string, options: RedisOptions): RedisConnection {
  const caFile = process.env.REDIS_TLS_CA_FILE;
  const ca = caFile ? readFileSync(caFile, 'utf8') : undefined;
  const clusterNodes = process.env.REDIS_CLUSTER_NODES;
  if (clusterNodes) return new Cluster(clusterSeeds(url, clusterNodes), clusterOptionsFor(url, options, ca));
  return new Redis(url, redisOptionsFor(url, options, ca));
}

/**
 * Publishes `message` so that every subscriber has it once this resolves: a
 * node hands a message to its own subscribers before it answers, but to the
 * other nodes' only afterwards, over the cluster bus — and a subscriber may be
 * on any node. So on a Cluster it is published on every node (a subscriber
 * hears it once per node: listeners must not mind). Resolves with how many
 * nodes answered; rejects only when none did.
 */
export async function publishToEveryNode(connection: RedisConnection, channel: string, message: string): Promise<number> {
  // Before a Cluster has found its nodes, one PUBLISH through it (to the first node it reaches) is all it can send.
  const known = connection instanceof Cluster ? connection.nodes('all') : [];
  const nodes: RedisConnection[] = known.length > 0 ? known : [connection];
  const results = await Promise.allSettled(nodes.map((node) => node.publish(channel, message)));
  const answered = results.filter((result) => result.status === 'fulfilled').length;
  if (answered === 0) throw (results[0] as PromiseRejectedResult).reason;
  return answered;
}
