'use strict';

const { hopUs, perRequest, stageOf, stagesIn } = require('./per-request');

/** @param {string} functionName @param {string} [url] */
const frame = (functionName, url = '') => ({ functionName, url });
const GATEWAY = '/w/dist/apps/api-gateway/src';

describe('CPU per request by stage', () => {
  it('names the stage of the frame nearest the leaf, not of a hook that called the rest synchronously', () => {
    const hook = frame('onSend', `${GATEWAY}/request-logs/request-log.hook.js`);
    const serialize = frame('serialize', '/w/node_modules/fastify/lib/reply.js');
    expect(stageOf([frame('stringify'), serialize, hook])).toBe('response serialisation');
    expect(stageOf([frame('redactBody', `${GATEWAY}/request-logs/body-redaction.js`), hook])).toBe('request log (capture, redaction, entry)');
    expect(stageOf([frame('(garbage collector)')])).toBe('garbage collection');
  });

  it('counts a socket write for the client that made it (Redis, Postgres, the bus), else for sockets and HTTP', () => {
    const writev = frame('writev');
    const net = frame('Socket._writeGeneric', 'node:net');
    expect(stageOf([writev, net, frame('sendCommand', '/w/node_modules/ioredis/built/Redis.js'), frame('hit', `${GATEWAY}/rate-limit/rate-limiter.js`)])).toBe(
      'ioredis (commands, replies)',
    );
    expect(stageOf([writev, net, frame('submit', '/w/node_modules/pg/lib/query.js')])).toBe('Postgres client (pg, TypeORM, libs/persistence)');
    expect(stageOf([writev, net, frame('writePayload', '/w/node_modules/fastify/lib/reply.js'), frame('onSend', `${GATEWAY}/request-logs/request-log.hook.js`)])).toBe(
      'sockets and HTTP (node:net, node:http, streams, writes)',
    );
    expect(stageOf([frame('emit', 'node:events')])).toBe('other: node:events');
  });

  it('counts only busy samples inside the windows, each at its own time', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 3, 4] },
        { id: 2, callFrame: frame('(garbage collector)') },
        { id: 3, callFrame: frame('(idle)') },
        { id: 4, callFrame: frame('authenticate', `${GATEWAY}/auth/api-key.authenticator.js`) },
      ],
      startTime: 1000,
      // Sample times 1010, 1020, 1030, 1040, 1050.
      samples: [2, 4, 3, 4, 2],
      timeDeltas: [10, 10, 10, 10, 10],
    };
    const { busy, stages } = stagesIn(profile, [[1015, 1045]]);
    expect(busy).toBe(2);
    expect(Object.fromEntries(stages)).toEqual({ 'auth (API key cache, hashing)': 2 });
  });

  it('shares out the CPU per request by busy samples, and adds up the hop: bus and ioredis of every app, and Redis', () => {
    expect(
      perRequest(
        new Map([
          ['a', 3],
          ['b', 1],
        ]),
        4,
        200,
      ),
    ).toEqual([
      ['a', 150],
      ['b', 50],
    ]);
    const bus = 'bus (libs/bus, BullMQ: the gateway its client, a service its server)';
    const ioredis = 'ioredis (commands, replies)';
    const gateway = new Map([
      [bus, 30],
      [ioredis, 20],
      ['garbage collection', 60],
    ]);
    const service = new Map([
      [bus, 40],
      [ioredis, 25],
    ]);
    expect(hopUs({ 'api-gateway': gateway, 'delivery-service': service }, 60)).toBe(175);
  });
});
