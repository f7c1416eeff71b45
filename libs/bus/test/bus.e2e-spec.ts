import { Controller, Inject, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { firstValueFrom } from 'rxjs';
import { BusQueue, ErrorType, Pattern, ServiceName } from '@sdd/contracts';
import { AppError, currentRequestContext, metricsRegistry, runWithRequestContext } from '@sdd/common';
import { metricValue, OwnRedis, startOwnRedis, uniquePrefix, waitFor } from '@sdd/testing';
import { BUS_REQUEST_BATCH, BUS_REQUEST_BATCH_MAX, BusClient, BusExceptionFilter, BusReply, BusRequestBatch, BusServer } from '../src';

const REPLICA = Symbol('REPLICA');
const SEEN = Symbol('SEEN');

interface Seen {
  requests: Array<{ replica: string; n: number }>;
}

@Controller()
class EchoController {
  constructor(
    @Inject(REPLICA) private readonly replica: { service: ServiceName; name: string },
    @Inject(SEEN) private readonly seen: Seen,
  ) {}

  @MessagePattern('test.square')
  async square(@Payload() data: { n: number }): Promise<{ n: number; square: number; replica: string }> {
    this.seen.requests.push({ replica: this.replica.name, n: data.n });
    await new Promise((resolve) => setTimeout(resolve, data.n % 5));
    return { n: data.n, square: data.n * data.n, replica: this.replica.name };
  }

  @MessagePattern('test.slow')
  slow(@Payload() data: { n: number }): number {
    this.seen.requests.push({ replica: this.replica.name, n: data.n });
    return data.n;
  }

  @MessagePattern('test.sleep')
  async sleep(@Payload() data: { ms: number }): Promise<number> {
    this.seen.requests.push({ replica: this.replica.name, n: data.ms });
    await new Promise((resolve) => setTimeout(resolve, data.ms));
    return data.ms;
  }

  @MessagePattern('test.whoami')
  whoami(): string | undefined {
    return currentRequestContext()?.requestId;
  }

  @MessagePattern('test.fail')
  fail(@Payload() data: { kind: 'typed' | 'unexpected' }): never {
    if (data.kind === 'typed') throw AppError.invalidRequest('quote_already_used', 'This quote was already used.', 'quote_id');
    throw new Error('database password is hunter2');
  }
}

const routes: Record<string, ServiceName> = {
  'test.square': ServiceName.Quote,
  'test.fail': ServiceName.Quote,
  'test.whoami': ServiceName.Quote,
  'test.slow': ServiceName.Payment,
  'test.sleep': ServiceName.Delivery,
};

/** A Redis of its own: the reply-listener test counts every connection to it, and other test files run side by side. */
describe('bus transport (real Redis)', () => {
  let ownRedis: OwnRedis;
  let redisUrl: string;
  const prefix = uniquePrefix('bus');
  const seen: Seen = { requests: [] };
  const replicas: INestMicroservice[] = [];
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  let client: BusClient;

  async function startReplica(service: ServiceName, name: string): Promise<INestMicroservice> {
    @Module({
      controllers: [EchoController],
      providers: [
        { provide: REPLICA, useValue: { service, name } },
        { provide: SEEN, useValue: seen },
      ],
    })
    class ReplicaModule {}
    const app = await NestFactory.createMicroservice(ReplicaModule, {
      strategy: new BusServer({ redisUrl, prefix, service, concurrency: 50 }),
      logger: false,
    });
    app.useGlobalFilters(new BusExceptionFilter());
    await app.listen();
    replicas.push(app);
    return app;
  }

  beforeAll(async () => {
    ownRedis = await startOwnRedis('bus', { appendOnly: false });
    redisUrl = ownRedis.url;
    process.on('warning', onWarning);
    await startReplica(ServiceName.Quote, 'quote-a');
    await startReplica(ServiceName.Quote, 'quote-b');
    await startReplica(ServiceName.Webhook, 'webhook-a');
    client = new BusClient({ redisUrl, prefix, timeoutMs: 3000, routes });
    await client.connect();
  });

  afterAll(async () => {
    process.off('warning', onWarning);
    await client.close();
    await Promise.all(replicas.map((app) => app.close()));
    await ownRedis.dispose();
  });

  beforeEach(() => {
    seen.requests.length = 0;
  });

  it('answers 1,000 concurrent requests, each with its own reply', async () => {
    // A client of its own that waits longer than the shared one's 3 s: on 2 cores beside another file's
    // system, the last of 1,000 requests at once can take longer, which is not what this test is about.
    const patient = new BusClient({ redisUrl, prefix, timeoutMs: 30_000, routes });
    await patient.connect();
    const ns = Array.from({ length: 1000 }, (_, i) => i);
    try {
      const replies = await Promise.all(ns.map((n) => firstValueFrom(patient.send<{ n: number; square: number }>('test.square', { n }))));
      replies.forEach((reply, i) => expect(reply).toMatchObject({ n: i, square: i * i }));
      expect(patient.inFlight).toBe(0);
    } finally {
      await patient.close();
    }
    // The answering side says where each request's time went: its wait for a worker, and the handler
    // (counted once its reply is pushed, which the caller may read first).
    const counted = await waitFor(
      async () => {
        const text = await metricsRegistry.metrics();
        const handled = metricValue(text, 'sdd_bus_handler_duration_seconds_count', { pattern: 'test.square', outcome: 'ok' }) ?? 0;
        return handled >= 1000 ? text : undefined;
      },
      5000,
      20,
    );
    expect(metricValue(counted, 'sdd_bus_request_wait_seconds_count', { pattern: 'test.square' })).toBeGreaterThanOrEqual(1000);
  });

  it('sends the requests made in the same moment to one service as few jobs, and answers each on its own', async () => {
    const redis = new Redis(redisUrl);
    const events = `${prefix}:${BusQueue.requests(ServiceName.Quote)}:events`;
    const addedJobs = async (after: string) => {
      const entries = await redis.xrange(events, `(${after}`, '+');
      return entries.filter(([, fields]) => fields[1] === 'added').map(([, fields]) => fields[fields.indexOf('name') + 1]);
    };
    try {
      const [last] = (await redis.xrevrange(events, '+', '-', 'COUNT', 1)).map(([id]) => id);
      const sent = Array.from({ length: 300 }, (_, n) =>
        n % 10 === 9
          ? firstValueFrom(client.send('test.fail', { kind: 'typed' })).catch((error: AppError) => error.code)
          : firstValueFrom(client.send<{ square: number }>('test.square', { n })).then((reply) => reply.square),
      );
      const replies = await Promise.all(sent);
      replies.forEach((reply, n) => expect(reply).toBe(n % 10 === 9 ? 'quote_already_used' : n * n));
      const jobs = await addedJobs(last ?? '0');
      expect(jobs.length).toBeLessThanOrEqual(30);
      expect(jobs).toContain(BUS_REQUEST_BATCH);
    } finally {
      redis.disconnect();
    }
  });

  it('runs each request of a batch on its own: a late one dropped, a failing one answered with its error', async () => {
    const redis = new Redis(redisUrl);
    const queue = new Queue(BusQueue.requests(ServiceName.Quote), { connection: redis, prefix });
    const replyTo = `${prefix}:replies.batch-test`;
    const request = (id: string, pattern: string, data: unknown, deadline: number) => ({ id, pattern, data, replyTo, deadline, meta: {} });
    try {
      const batch: BusRequestBatch = {
        requests: [
          request('late', 'test.slow', { n: 1 }, Date.now() - 1),
          request('ok', 'test.square', { n: 7 }, Date.now() + 5000),
          request('fails', 'test.fail', { kind: 'typed' }, Date.now() + 5000),
        ],
      };
      await queue.add(BUS_REQUEST_BATCH, batch, { removeOnComplete: true, removeOnFail: true, attempts: 1 });
      const raw = await waitFor(async () => {
        const list = await redis.lrange(replyTo, 0, -1);
        return list.length >= 2 ? list : undefined;
      }, 5000);
      const replies = raw.map((text) => JSON.parse(text) as BusReply).sort((a, b) => a.id.localeCompare(b.id));
      expect(replies).toEqual([
        { id: 'fails', err: expect.objectContaining({ status: 400, code: 'quote_already_used' }) },
        { id: 'ok', response: expect.objectContaining({ n: 7, square: 49 }) },
      ]);
      await waitFor(async () => ((await queue.count()) === 0 && (await queue.getActiveCount()) === 0 ? true : undefined), 5000);
      expect(await redis.llen(replyTo)).toBe(2);
      expect(seen.requests.map((r) => r.n)).toEqual([7]);
    } finally {
      await redis.del(replyTo);
      await queue.close();
      redis.disconnect();
    }
  });

  it('runs none of a batch larger than any client of ours sends', async () => {
    const redis = new Redis(redisUrl);
    const queue = new Queue(BusQueue.requests(ServiceName.Quote), { connection: redis, prefix });
    const replyTo = `${prefix}:replies.oversized-test`;
    try {
      const requests = Array.from({ length: BUS_REQUEST_BATCH_MAX + 1 }, (_, n) => ({
        id: `big-${n}`,
        pattern: 'test.square',
        data: { n },
        replyTo,
        deadline: Date.now() + 5000,
        meta: {},
      }));
      await queue.add(BUS_REQUEST_BATCH, { requests } satisfies BusRequestBatch, { removeOnComplete: true, removeOnFail: true, attempts: 1 });
      await waitFor(async () => ((await queue.count()) === 0 && (await queue.getActiveCount()) === 0 ? true : undefined), 5000);
      // A request the batch held would have been answered by now: the next one through the same queue is.
      expect(await firstValueFrom(client.send<{ square: number }>('test.square', { n: 3 }))).toMatchObject({ square: 9 });
      expect(seen.requests.map((r) => r.n)).toEqual([3]);
      expect(await redis.llen(replyTo)).toBe(0);
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });

  it('shares one reply listener across all in-flight requests, with no listener warnings', async () => {
    const redis = new Redis(redisUrl);
    try {
      await Promise.all(Array.from({ length: 200 }, (_, n) => firstValueFrom(client.send('test.square', { n }))));
      const clients = (await redis.client('LIST')) as string;
      const replyReaders = clients.split('\n').filter((line) => / name=bus-replies /.test(line));
      expect(replyReaders).toHaveLength(1);
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('lets two replicas share the work with no request processed twice', async () => {
    const ns = Array.from({ length: 400 }, (_, i) => i);
    const replies = await Promise.all(ns.map((n) => firstValueFrom(client.send<{ replica: string }>('test.square', { n }))));
    const processed = seen.requests.map((r) => r.n).sort((a, b) => a - b);
    expect(processed).toEqual(ns);
    const byReplica = new Set(replies.map((r) => r.replica));
    expect(byReplica).toEqual(new Set(['quote-a', 'quote-b']));
  });

  it("carries the id of the request a message is for: the one given, else the caller's context's", async () => {
    const whoami = (options?: { requestId?: string }) => client.request('test.whoami' as Pattern, {} as never, options);
    expect(await whoami({ requestId: 'req_given' })).toBe('req_given');
    expect(await runWithRequestContext({ requestId: 'req_context' }, () => whoami())).toBe('req_context');
    expect(await runWithRequestContext({ requestId: 'req_context' }, () => whoami({ requestId: 'req_given' }))).toBe('req_given');
  });

  it('returns a typed handler error to the caller with status, type, code, param and message', async () => {
    const error = await firstValueFrom(client.send('test.fail', { kind: 'typed' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).toPayload()).toEqual({
      status: 400,
      type: ErrorType.InvalidRequest,
      code: 'quote_already_used',
      message: 'This quote was already used.',
      param: 'quote_id',
    });
  });

  it('turns an unexpected handler failure into internal_error without leaking its message', async () => {
    const error = (await firstValueFrom(client.send('test.fail', { kind: 'unexpected' })).catch((e: unknown) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(500);
    expect(error.code).toBe('internal_error');
    expect(error.message).not.toMatch(/hunter2/);
  });

  it('fails with 503 service_unavailable when no replica of the service answers in time', async () => {
    const started = Date.now();
    const error = (await firstValueFrom(client.send('test.slow', { n: 1 })).catch((e: unknown) => e)) as AppError;
    const waited = Date.now() - started;
    expect(error).toBeInstanceOf(AppError);
    expect(error.toPayload()).toMatchObject({ status: 503, type: 'api_error', code: 'service_unavailable' });
    expect(waited).toBeGreaterThanOrEqual(2900);
    expect(waited).toBeLessThan(4500);
    expect(client.inFlight).toBe(0);
  });

  it('does not run a request whose caller already gave up', async () => {
    // The previous test left its 'test.slow' request waiting, past its deadline, in the payment queue.
    const redis = new Redis(redisUrl);
    const queue = new Queue(BusQueue.requests(ServiceName.Payment), { connection: redis, prefix });
    try {
      expect(await queue.count()).toBe(1);
      await startReplica(ServiceName.Payment, 'payment-late');
      await waitFor(async () => ((await queue.count()) === 0 ? true : undefined), 5000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen.requests.filter((r) => r.replica === 'payment-late')).toEqual([]);
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });

  it('finishes the requests it is running before a replica stops', async () => {
    const draining = await startReplica(ServiceName.Delivery, 'delivery-draining');
    const reply = firstValueFrom(client.send<number>('test.sleep', { ms: 500 }));
    await waitFor(() => (seen.requests.some((r) => r.replica === 'delivery-draining') ? true : undefined));
    await draining.close();
    replicas.splice(replicas.indexOf(draining), 1);
    expect(await reply).toBe(500);
  });

  it('removes completed jobs so Redis memory stays flat', async () => {
    await Promise.all(Array.from({ length: 100 }, (_, n) => firstValueFrom(client.send('test.square', { n }))));
    const redis = new Redis(redisUrl);
    const queue = new Queue(BusQueue.requests(ServiceName.Quote), { connection: redis, prefix });
    try {
      const counts = await waitFor(async () => {
        const c = await queue.getJobCounts('completed', 'waiting', 'active', 'failed');
        return c.active === 0 && c.waiting === 0 ? c : undefined;
      });
      expect(counts).toEqual({ completed: 0, waiting: 0, active: 0, failed: 0 });
      const replyLists = await redis.keys(`${prefix}:replies.*`);
      for (const key of replyLists) expect(await redis.llen(key)).toBe(0);
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });
});
