'use strict';

const net = require('node:net');

const LOOPBACK = '127.0.0.1';

/**
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<import('node:net').Server>}
 */
function listen(port, host) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    // exclusive: a port shared through the cluster module must still count as taken.
    server.listen({ port, host, exclusive: true }, () => resolve(server));
  });
}

/** @param {import('node:net').Server} server */
function close(server) {
  return /** @type {Promise<void>} */ (new Promise((resolve) => server.close(() => resolve())));
}

/**
 * True if nothing listens on `port`. Binding 127.0.0.1 also fails when another
 * process holds the wildcard address, so this catches both kinds of listener.
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<boolean>}
 */
async function isPortFree(port, host = LOOPBACK) {
  try {
    await close(await listen(port, host));
    return true;
  } catch {
    return false;
  }
}

/**
 * `count` distinct free ports. All listeners stay open until every port is
 * known, so the kernel cannot hand out the same port twice.
 * @param {number} count
 * @param {string} [host]
 * @returns {Promise<number[]>}
 */
async function findFreePorts(count, host = LOOPBACK) {
  const servers = [];
  try {
    for (let i = 0; i < count; i += 1) servers.push(await listen(0, host));
    return servers.map((server) => /** @type {import('node:net').AddressInfo} */ (server.address()).port);
  } finally {
    await Promise.all(servers.map(close));
  }
}

/**
 * `preferred` if it is free (stable ports are nicer to type), else any free port.
 * @param {number} [preferred]
 * @param {string} [host]
 * @returns {Promise<number>}
 */
async function findFreePort(preferred, host = LOOPBACK) {
  if (preferred && (await isPortFree(preferred, host))) return preferred;
  const [port] = await findFreePorts(1, host);
  return port;
}

module.exports = { LOOPBACK, isPortFree, findFreePort, findFreePorts };
