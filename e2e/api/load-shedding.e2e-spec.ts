import { connect, Socket } from 'node:net';
import { ServiceName } from '@sdd/contracts';
import { metricValue, TestSystem, timedRequest, TimedResponse, waitFor } from '@sdd/testing';

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

const SHED_MESSAGE = 'The service is at capacity. Retry after the time in Retry-After.';

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
        expect.objectContaining({ type: 'api_error', code: 'service_unavailable', message: SHED_MESSAGE }),
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
    // Refused before any key lookup or bus request, well within the 2 s in which every request is answered
    // (issue 30), as timed by this process, whose own lag on a loaded machine (two e2e files on 2 cores) counts too.
    expect(Math.max(...shed.map((answer) => answer.elapsedMs))).toBeLessThan(2000);
    expect(ready.status).toBe(200);
    expect((await shedCount(system.opsUrl, 'in_flight')) - before).toBe(shed.length);
    expect((await timedRequest(system.baseUrl, 'POST', '/v1/quotes', { key, body: QUOTE })).status).toBe(200);
  });

  it('refuses once a service has the bound of bus requests waiting for its reply', async () => {
    const replica = await system.startGatewayReplica({ LOAD_SHED_MAX_IN_FLIGHT: '1000', LOAD_SHED_MAX_BUS_PENDING: '2', LOAD_SHED_MAX_BUS_WAIT_MS: '60000' });
    // With quote-service down, each quote waits out the bus timeout: requests to it pile up, as behind a slow service.
    expect(await system.stopApp(ServiceName.Quote)).toBe(0);
    try {
      const sent: Array<Promise<TimedResponse>> = [];
      // One more quote every 50 ms until one is refused: the third pending one at the latest.
      const refused = await waitFor(
        async () => {
          sent.push(timedRequest(replica.baseUrl, 'POST', '/v1/quotes', { key, body: QUOTE }));
          // The answers already in (a settled promise wins the race), without waiting for the others.
          const settled = await Promise.all(sent.map((answer) => Promise.race([answer, Promise.resolve(undefined)])));
          return settled.find((answer) => answer?.status === 503 && answer.body.error?.message === SHED_MESSAGE);
        },
        20_000,
        50,
      );
      expect([refused.headers.get('retry-after'), refused.body.error]).toEqual(['2', expect.objectContaining({ code: 'service_unavailable' })]);
      expect(refused.elapsedMs).toBeLessThan(1000);
      expect(sent.length).toBeGreaterThan(2);
      const answers = await Promise.all(sent);
      // The first two waited for quote-service and timed out: a 503 of their own, not a refusal.
      expect(answers.slice(0, 2).map((answer) => [answer.status, answer.body.error?.message === SHED_MESSAGE])).toEqual([
        [503, false],
        [503, false],
      ]);
      expect(await shedCount(replica.opsUrl, 'bus_backlog')).toBeGreaterThan(0);
      expect(await shedCount(replica.opsUrl, 'in_flight')).toBe(0);
    } finally {
      await system.startApp(ServiceName.Quote);
    }
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
