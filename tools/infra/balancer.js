'use strict';

const net = require('node:net');

/**
 * @typedef {{ port: number, close: () => Promise<void>, connections: () => number[] }} Balancer
 */

/**
 * One port in front of several gateway replicas, as a load balancer in front
 * of pods: each new TCP connection goes to the next replica in turn, and to
 * the one after when a replica refuses (it is restarting), so killing a
 * replica costs the connections it held, not the port.
 * @param {{ port: number, host?: string, backends: number[] }} options backends: the replicas' ports on 127.0.0.1
 * @returns {Promise<Balancer>}
 */
function startBalancer({ port, host = '0.0.0.0', backends }) {
  const counts = backends.map(() => 0);
  /** @type {Set<net.Socket>} */
  const sockets = new Set();
  let next = 0;

  /**
   * Tries the replicas from `first` on, each at most once for this connection
   * (other connections move the rotation meanwhile).
   * @param {net.Socket} client @param {number} first @param {number} tried
   */
  function route(client, first, tried) {
    if (tried >= backends.length || client.destroyed) {
      client.destroy();
      return;
    }
    const index = (first + tried) % backends.length;
    const upstream = net.connect(backends[index], '127.0.0.1');
    let connected = false;
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.on('error', () => {
      if (connected) client.destroy();
      else route(client, first, tried + 1);
    });
    upstream.once('connect', () => {
      connected = true;
      counts[index] += 1;
      upstream.pipe(client);
      client.pipe(upstream);
      client.resume();
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
  }

  const server = net.createServer((client) => {
    client.pause();
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const first = next;
    next = (next + 1) % backends.length;
    route(client, first, 0);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(port, host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        connections: () => [...counts],
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done(undefined));
          }),
      });
    });
  });
}

module.exports = { startBalancer };
