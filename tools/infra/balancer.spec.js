'use strict';

const http = require('node:http');
const { startBalancer } = require('./balancer');

/** @param {string} name @returns {Promise<{ server: http.Server, port: number }>} */
function backend(name) {
  const server = http.createServer((_request, response) => response.end(name));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: /** @type {import('node:net').AddressInfo} */ (server.address()).port })));
}

/** @param {number} port */
async function get(port) {
  const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } });
  return response.text();
}

describe('startBalancer', () => {
  it('sends each new connection to the next replica, and skips one that refuses', async () => {
    const [a, b] = [await backend('a'), await backend('b')];
    const balancer = await startBalancer({ port: 0, host: '127.0.0.1', backends: [a.port, b.port] });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await get(balancer.port));
      expect(answers.sort()).toEqual(['a', 'a', 'b', 'b']);
      expect(balancer.connections()).toEqual([2, 2]);

      await new Promise((resolve) => a.server.close(resolve));
      const after = [];
      for (let i = 0; i < 3; i++) after.push(await get(balancer.port));
      expect(after).toEqual(['b', 'b', 'b']);
    } finally {
      await balancer.close();
      await new Promise((resolve) => b.server.close(resolve));
    }
  });

  it('gets every one of many concurrent connections through while a replica is down', async () => {
    const [dead, live] = [await backend('dead'), await backend('live')];
    await new Promise((resolve) => dead.server.close(resolve));
    const balancer = await startBalancer({ port: 0, host: '127.0.0.1', backends: [dead.port, live.port, dead.port] });
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, () => get(balancer.port)));
      expect(answers).toEqual(Array.from({ length: 30 }, () => 'live'));
    } finally {
      await balancer.close();
      await new Promise((resolve) => live.server.close(resolve));
    }
  });

  it('closes the connection when no replica answers', async () => {
    const dead = await backend('dead');
    await new Promise((resolve) => dead.server.close(resolve));
    const balancer = await startBalancer({ port: 0, host: '127.0.0.1', backends: [dead.port] });
    try {
      await expect(get(balancer.port)).rejects.toThrow();
    } finally {
      await balancer.close();
    }
  });
});
