import { request as httpRequest, Agent, IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { Queue } from 'bullmq';
import type { BusRequest } from '@sdd/bus';
import { BusQueue, ServiceName } from '@sdd/contracts';
import { MerchantKeys, testEnv, TestSystem, waitFor } from '@sdd/testing';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> & { error?: Record<string, unknown> };
  socket: Socket;
}

/** node:http rather than fetch: the test needs the Connection header and the socket itself. */
function call(url: string, options: { method?: string; key?: string; body?: unknown; agent?: Agent; requestId?: string } = {}): Promise<RawResponse> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (options.requestId) headers['x-request-id'] = options.requestId;
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (payload) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers, agent: options.agent ?? false }, (res) => {
      // Kept now: a keep-alive socket goes back to the agent, and off the response, once the body is read.
      const socket = res.socket;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : {}, socket }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('graceful stop of the gateway (real processes, SIGTERM)', () => {
  const system = new TestSystem();
  let keys: MerchantKeys;
  let quoteRequests: Queue;

  beforeAll(async () => {
    // A drain long enough to observe, on a loaded machine too (the readiness probe may take 2.5 s to see it, and the late
    // request must still arrive within it); a bus timeout long enough for the held request to outlive it.
    await system.start({ env: { SHUTDOWN_DRAIN_MS: '6000', BUS_TIMEOUT_MS: '20000' } });
    keys = await system.registerMerchant('Drain Merchant');
    const { redisUrl } = testEnv();
    quoteRequests = new Queue(BusQueue.requests(ServiceName.Quote), { connection: { url: redisUrl }, prefix: system.prefix });
  }, 90000);

  afterAll(async () => {
    await quoteRequests.close();
    await system.stop();
  });

  it('fails readiness, still serves while draining, finishes the request in flight, closes idle connections, exits 0', async () => {
    // A request held in flight for real: quote-service is down, so its bus message waits in the queue.
    expect(await system.stopApp(ServiceName.Quote)).toBe(0);
    const inFlight = call(`${system.baseUrl}/v1/quotes`, {
      method: 'POST',
      key: keys.test,
      body: { pickup_address: '100 King St W, Toronto, ON M5X 1A9', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' },
      requestId: 'drain-trace-1',
    });
    await waitFor(async () => ((await quoteRequests.getWaitingCount()) > 0 ? true : undefined), 10000);
    // The request's context reached the handler: its id travels with the bus message.
    const [waiting] = await quoteRequests.getWaiting();
    expect((waiting.data as BusRequest).meta).toEqual({ requestId: 'drain-trace-1' });

    // An idle keep-alive connection.
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await call(`${system.baseUrl}/v1/merchants/me`, { key: keys.test, agent: keepAlive });
    expect(idle.status).toBe(200);
    expect(idle.headers.connection).toBe('keep-alive');
    let idleClosed = false;
    idle.socket.once('close', () => (idleClosed = true));

    const exited = system.stopApp(ServiceName.Gateway, 'SIGTERM');

    const notReady = await waitFor(
      async () => {
        const probe = await call(`${system.opsUrl}/health/ready`);
        return probe.status === 200 ? undefined : probe;
      },
      2500,
      50,
    );
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({ status: 'shutting_down' });

    // Still served while draining (a load balancer may not have noticed yet), but on a connection that closes.
    const lateArrival = await call(`${system.baseUrl}/v1/merchants/me`, { key: keys.test });
    expect(lateArrival.status).toBe(200);
    expect(lateArrival.headers.connection).toBe('close');

    // The listener closes after the drain: the idle connection with it, though a request is still in flight.
    await waitFor(() => (idleClosed ? true : undefined), 10000);
    keepAlive.destroy();

    await system.startApp(ServiceName.Quote);
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ id: expect.stringMatching(/^qt_/) });
    expect(answered.headers.connection).toBe('close');

    expect(await exited).toBe(0);
    await expect(call(`${system.baseUrl}/v1/merchants/me`, { key: keys.test })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  }, 60000);
});
