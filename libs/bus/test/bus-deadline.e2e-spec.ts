import { Controller, Inject, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { firstValueFrom } from 'rxjs';
import { BusQueue, ServiceName } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { deleteKeysWithPrefix, testEnv, uniquePrefix, waitFor } from '@sdd/testing';
import { BusClient, BusExceptionFilter, BusRequest, BusServer } from '../src';

const INNER = Symbol('INNER');
const NESTED = Symbol('NESTED');

interface Nested {
  waitedMs?: number;
  error?: unknown;
}

/** A handler that calls another service on the bus for its caller, as delivery-service calls quote-service. */
@Controller()
class RelayController {
  constructor(
    @Inject(INNER) private readonly inner: BusClient,
    @Inject(NESTED) private readonly nested: Nested,
  ) {}

  @MessagePattern('test.relay')
  async relay(): Promise<string> {
    const started = Date.now();
    try {
      return await firstValueFrom(this.inner.send<string>('test.nobody', {}));
    } catch (error) {
      this.nested.error = error;
      throw error;
    } finally {
      this.nested.waitedMs = Date.now() - started;
    }
  }
}

const routes: Record<string, ServiceName> = { 'test.relay': ServiceName.Quote, 'test.nobody': ServiceName.Payment };

describe('bus deadlines (real Redis)', () => {
  const { redisUrl } = testEnv();
  const prefix = uniquePrefix('busdl');
  const nested: Nested = {};
  let inner: BusClient;
  let outer: BusClient;
  let server: INestMicroservice;

  beforeAll(async () => {
    // The handler's own client would wait 20 s: only the inherited deadline can stop it sooner.
    inner = new BusClient({ redisUrl, prefix, timeoutMs: 20_000, routes });
    await inner.connect();
    @Module({
      controllers: [RelayController],
      providers: [
        { provide: INNER, useValue: inner },
        { provide: NESTED, useValue: nested },
      ],
    })
    class RelayModule {}
    server = await NestFactory.createMicroservice(RelayModule, { strategy: new BusServer({ redisUrl, prefix, service: ServiceName.Quote }), logger: false });
    server.useGlobalFilters(new BusExceptionFilter());
    await server.listen();
    outer = new BusClient({ redisUrl, prefix, timeoutMs: 1_500, routes });
    await outer.connect();
  });

  afterAll(async () => {
    await outer.close();
    await server.close();
    await inner.close();
    await deleteKeysWithPrefix(redisUrl, prefix);
  });

  it('gives a nested request the remaining deadline of the request it is made for', async () => {
    const redis = new Redis(redisUrl);
    const waiting = new Queue(BusQueue.requests(ServiceName.Payment), { connection: redis, prefix });
    try {
      const sent = Date.now();
      const error = (await firstValueFrom(outer.send('test.relay', {})).catch((e: unknown) => e)) as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe('service_unavailable');

      // Nobody answers test.nobody: the nested call gives up with its caller, not 20 s later.
      await waitFor(() => nested.waitedMs, 5_000);
      expect(nested.error).toBeInstanceOf(AppError);
      expect((nested.error as AppError).code).toBe('service_unavailable');
      expect(nested.waitedMs).toBeLessThan(5_000);

      const [job] = (await waiting.getWaiting()) as Array<Job<BusRequest>>;
      expect(job).toBeDefined();
      expect(job.data.deadline).toBeLessThanOrEqual(sent + 1_500 + 50);
      expect(job.data.deadline).toBeGreaterThan(sent);
    } finally {
      await waiting.close();
      redis.disconnect();
    }
  });

  it('keeps its own, shorter timeout outside a request', async () => {
    const shortInner = new BusClient({ redisUrl, prefix, timeoutMs: 300, routes });
    await shortInner.connect();
    try {
      const started = Date.now();
      const error = (await firstValueFrom(shortInner.send('test.nobody', {})).catch((e: unknown) => e)) as AppError;
      expect(error.code).toBe('service_unavailable');
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      await shortInner.close();
    }
  });
});
