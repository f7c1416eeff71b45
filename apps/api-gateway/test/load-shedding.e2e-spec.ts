import { connect, Socket } from 'node:net';
import { metricValue, TestSystem, timedRequest, TimedResponse } from '@sdd/testing';

const QUOTE = { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' };
/** Longer than Node's default keep-alive timeout (5 s), after which the server closed idle connections. */
const IDLE_MS = 6500;

/** Sends one request on `socket` and resolves with the status line of its answer. */
function statusLineOn(socket: Socket, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      // The 401 envelope is small: its headers and body come together; the status line is all this needs.
      if (!received.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      resolve(received.split('\r\n')[0]);
    };
    socket.on('data', onData).once('error', reject);
    socket.write(`GET /v1/deliveries HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

/** Requests sent at once: far more than the bounds below admit. */
const BURST = 40;

/**
 * Admission control: past a load bound the gateway answers 503 with
 * Retry-After at once instead of queueing; readiness on the ops port still
 * answers. The bounds are set low so a burst of a few dozen requests passes
 * them whatever the machine's speed.
 */
describe('load shedding', () => {
  const system = new TestSystem();
  let key: string;

  const burst = (baseUrl: string) => Promise.all(Array.from({ length: BURST }, () => timedRequest(baseUrl, 'POST', '/v1/quotes', { key, body: QUOTE })));
  const shedCount = async (opsUrl: string, reason: string) => metricValue(await (await fetch(`${opsUrl}/metrics`)).text(), 'sdd_requests_shed_total', { reason }) ?? 0;

  function expectServedOrShed(answers: TimedResponse[]): TimedResponse[] {
    const shed = answers.filter((answer) => answer.status === 503);
    expect(answers.filter((answer) => answer.status !== 503).map((answer) => answer.status)).toEqual(answers.filter((answer) => answer.status !== 503).map(() => 200));
    expect(shed.length).toBeGreaterThan(0);
    for (const answer of shed) {
      expect([answer.headers.get('retry-after'), answer.body.error]).toEqual([
        '2',
        expect.objectContaining({ type: 'api_error', code: 'service_unavailable', message: 'The service is at capacity. Retry after the time in Retry-After.' }),
      ]);
    }
    return shed;
  }

  beforeAll(async () => {
    await system.start({ env: { RATE_LIMIT_PER_MINUTE: '100000', LOAD_SHED_MAX_IN_FLIGHT: '3', LOAD_SHED_MAX_BUS_WAIT_MS: '60000' } });
    key = (await system.registerMerchant('Shedding Co')).test;
  }, 90_000);
  afterAll(() => system.stop());

  it('refuses what passes the bound on requests in flight at once, 503 with Retry-After, while readiness answers and a lone request is served', async () => {
    const before = await shedCount(system.opsUrl, 'in_flight');
    const [answers, ready] = await Promise.all([burst(system.baseUrl), fetch(`${system.opsUrl}/health/ready`)]);

    const shed = expectServedOrShed(answers);
    // Refused before any key lookup or bus request: at once, even on a loaded machine.
    expect(Math.max(...shed.map((answer) => answer.elapsedMs))).toBeLessThan(1000);
    expect(ready.status).toBe(200);
    expect((await shedCount(system.opsUrl, 'in_flight')) - before).toBe(shed.length);
    expect((await timedRequest(system.baseUrl, 'POST', '/v1/quotes', { key, body: QUOTE })).status).toBe(200);
  });

  it('refuses once a service has the bound of bus requests waiting for its reply', async () => {
    const replica = await system.startGatewayReplica({ LOAD_SHED_MAX_IN_FLIGHT: '1000', LOAD_SHED_MAX_BUS_PENDING: '2', LOAD_SHED_MAX_BUS_WAIT_MS: '60000' });

    const before = await shedCount(replica.opsUrl, 'bus_backlog');

    const shed = expectServedOrShed(await burst(replica.baseUrl));

    expect((await shedCount(replica.opsUrl, 'bus_backlog')) - before).toBeGreaterThanOrEqual(shed.length);
    expect(await shedCount(replica.opsUrl, 'in_flight')).toBe(0);
  }, 60_000);

  it('keeps an idle keep-alive connection open past 5 s, so a client sending its next request on it is answered, not reset', async () => {
    const { hostname, port } = new URL(system.baseUrl);
    const socket = connect(Number(port), hostname);
    const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')));
    try {
      expect(await statusLineOn(socket, `${hostname}:${port}`)).toBe('HTTP/1.1 401 Unauthorized');
      const idle = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), IDLE_MS));
      expect(await Promise.race([closed, idle])).toBe('open');
      expect(await statusLineOn(socket, `${hostname}:${port}`)).toBe('HTTP/1.1 401 Unauthorized');
    } finally {
      socket.destroy();
    }
  }, 30_000);
});
