'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { LOOPBACK, findFreePorts } = require('./ports');
const { capture, isAlive, terminate, waitUntil } = require('./processes');
const server = require('./server');
const { aclRules, pingRedis, redisServerBinary, redisUrl, redisUser } = require('./redis');

/**
 * @typedef {import('./server').Log} Log
 * @typedef {{ index: number, port: number, busPort: number, pid: number, dataDir: string }} ClusterNodeProcess
 * @typedef {{
 *   url: string,
 *   nodes: string,
 *   processes: ClusterNodeProcess[],
 *   password: string,
 *   kill(index: number, signal?: NodeJS.Signals): Promise<void>,
 *   stop(): Promise<void>,
 * }} RedisClusterHandle
 */

/** Three primaries, each with one replica: the smallest cluster that survives losing a primary. */
const NODE_COUNT = 6;
const REPLICAS_PER_PRIMARY = 1;
const START_TIMEOUT_MS = 15_000;
const FORMED_TIMEOUT_MS = 30_000;

/**
 * One node's configuration: the same ACL as a single server (our user, the
 * default one off), the credentials a replica gives its primary, and the
 * cluster settings. A node that stops answering is failed over after
 * `cluster-node-timeout`; 2 s, so a drill sees the failover within seconds.
 * @param {string} dataDir
 * @param {string} password
 * @param {number} busPort
 * @param {boolean} appendOnly
 */
function writeNodeConfig(dataDir, password, busPort, appendOnly) {
  const file = path.join(dataDir, 'redis.conf');
  const user = redisUser(password);
  const lines = [
    'user default off ~* &* +@all',
    `user ${user} ${aclRules(password).join(' ')}`,
    `masteruser ${user}`,
    `masterauth ${password}`,
    'cluster-enabled yes',
    'cluster-config-file nodes.conf',
    'cluster-node-timeout 2000',
    `cluster-port ${busPort}`,
    `cluster-announce-ip ${LOOPBACK}`,
    `appendonly ${appendOnly ? 'yes' : 'no'}`,
    // As the single server: delayed jobs wake within ~12 ms (tools/infra/redis.js).
    'hz 100',
    'save ""',
  ];
  fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

/**
 * @param {string} command
 * @param {string} dataDir
 * @param {number} port
 * @param {number} busPort
 * @param {string} password
 * @param {boolean} appendOnly
 */
async function launchNode(command, dataDir, port, busPort, password, appendOnly) {
  fs.mkdirSync(dataDir, { recursive: true });
  const config = writeNodeConfig(dataDir, password, busPort, appendOnly);
  const logPath = path.join(dataDir, 'redis.log');
  const args = () => [config, '--port', String(port), '--bind', LOOPBACK, '--dir', dataDir, '--daemonize', 'no', '--protected-mode', 'yes', '--logfile', logPath];
  const started = await server.launchServer({
    command,
    args,
    preferredPort: port,
    fixedPort: true,
    logPath,
    probe: (at) => pingRedis(redisUrl(at, password), 1_000),
    timeoutMs: START_TIMEOUT_MS,
    spawnOptions: { cwd: dataDir },
  });
  return started.pid;
}

/**
 * `CLUSTER INFO` of one node, as name → value.
 * @param {number} port
 * @param {string} password
 */
async function clusterInfo(port, password) {
  const { Redis } = require('ioredis');
  const client = new Redis(redisUrl(port, password), { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const text = /** @type {string} */ (await client.call('CLUSTER', 'INFO'));
    return Object.fromEntries(
      text
        .split(/\r?\n/)
        .filter((line) => line.includes(':'))
        .map((line) => /** @type {[string, string]} */ (line.split(':', 2))),
    );
  } finally {
    client.disconnect();
  }
}

/**
 * Whether every node sees the whole cluster, all slots served.
 * @param {number[]} ports
 * @param {string} password
 */
async function clusterFormed(ports, password) {
  const infos = await Promise.all(ports.map((port) => clusterInfo(port, password).catch(() => null)));
  return infos.every((info) => info !== null && info.cluster_state === 'ok' && Number(info.cluster_known_nodes) === ports.length && info.cluster_slots_assigned === '16384');
}

/**
 * A real local Redis Cluster for tests and drills: six `redis-server
 * --cluster-enabled yes` nodes (three primaries, one replica each), each on
 * its own free port (client and cluster bus both chosen free, so nothing
 * collides with another system on the machine) with its data under
 * `dataDir/node-<i>`, joined by `redis-cli --cluster create`. Always a new
 * cluster: nodes a previous run left are stopped and their data removed.
 * `url` carries the credentials (every node has the same user); `nodes` is
 * the seed list for REDIS_CLUSTER_NODES.
 * @param {{ dataDir: string, appendOnly?: boolean, log?: Log }} options
 * @returns {Promise<RedisClusterHandle>}
 */
async function startRedisCluster({ dataDir, appendOnly = false, log = server.defaultLog }) {
  const command = await redisServerBinary(log);
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const { password } = server.serverPassword(dir);
  const stateFile = server.filesFor(dir).state;
  await stopLeftovers(stateFile);
  fs.rmSync(dir, { recursive: true, force: true });
  const ports = await findFreePorts(NODE_COUNT * 2);
  /** @type {ClusterNodeProcess[]} */
  const processes = [];
  try {
    for (let index = 0; index < NODE_COUNT; index += 1) {
      const nodeDir = path.join(dir, `node-${index}`);
      const port = ports[index];
      const busPort = ports[NODE_COUNT + index];
      processes.push({ index, port, busPort, dataDir: nodeDir, pid: await launchNode(command, nodeDir, port, busPort, password, appendOnly) });
    }
    fs.writeFileSync(stateFile, `${JSON.stringify({ pids: processes.map((node) => node.pid) })}\n`);
    const endpoints = processes.map((node) => `${LOOPBACK}:${node.port}`);
    const cli = path.join(path.dirname(command), 'redis-cli');
    // The password in the environment (REDISCLI_AUTH), not on a command line every local user can read.
    const created = await capture(cli, ['--user', redisUser(password), '--cluster', 'create', ...endpoints, '--cluster-replicas', String(REPLICAS_PER_PRIMARY), '--cluster-yes'], {
      env: { ...process.env, REDISCLI_AUTH: password },
    });
    if (created.code !== 0) throw new Error(`redis-cli --cluster create failed: ${server.oneLine(created.output)}`);
    const nodePorts = processes.map((node) => node.port);
    if (!(await waitUntil(() => clusterFormed(nodePorts, password), FORMED_TIMEOUT_MS, 250)))
      throw new Error(`the cluster did not form within ${FORMED_TIMEOUT_MS / 1000} s (logs: ${dir}/node-*/redis.log)`);
  } catch (error) {
    await Promise.all(processes.map((node) => terminate(node.pid)));
    throw new Error(`Cannot start a Redis Cluster: ${server.oneLine(error instanceof Error ? error.message : String(error))}`);
  }
  log(`Redis Cluster: ${NODE_COUNT} nodes on ports ${processes.map((node) => node.port).join(', ')} (data ${dir})`);
  const nodes = processes.map((node) => `${LOOPBACK}:${node.port}`).join(',');
  return {
    url: redisUrl(processes[0].port, password),
    nodes,
    processes,
    password,
    async kill(index, signal = 'SIGKILL') {
      await terminate(processes[index].pid, { signal, timeoutMs: 5_000 });
    },
    async stop() {
      await Promise.all(processes.map((node) => terminate(node.pid, { signal: 'SIGTERM', timeoutMs: 10_000 })));
      server.removeFile(stateFile);
    },
  };
}

/**
 * Stops the nodes a previous run recorded and left running.
 * @param {string} stateFile
 */
async function stopLeftovers(stateFile) {
  const state = /** @type {{ pids?: number[] } | null} */ (/** @type {unknown} */ (server.readState(stateFile)));
  for (const pid of state?.pids ?? []) if (isAlive(pid)) await terminate(pid);
  server.removeFile(stateFile);
}

module.exports = { startRedisCluster };
