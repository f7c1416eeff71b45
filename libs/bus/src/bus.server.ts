import { Logger } from '@nestjs/common';
import { CustomTransportStrategy, Server } from '@nestjs/microservices';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { lastValueFrom } from 'rxjs';
import { BusQueue, ErrorPayload } from '@sdd/contracts';
import { AppError, asServiceUnavailable, Batcher, countingJobs, groupBy, isErrorPayload, Metrics, RedisConnection, runWithRequestContext } from '@sdd/common';
import { BusServerOptions, REPLY_TTL_MS, STALLED_CHECK_MS, WORKER_LOCK_MS } from './bus.options';
import { BusContext } from './bus.context';
import { BUS_REQUEST_BATCH, BUS_REQUEST_BATCH_MAX, BusReply, BusRequest, BusRequestBatch } from './bus-wire-format';
import { checkBusPayload } from './bus-payload.check';
import { createBlockingConnection, createProducerConnection, whenReady } from './redis-connection';

const DEFAULT_CONCURRENCY = 50;
/** Replies pushed in one command at most (each is one argument of the script). */
const MAX_REPLIES_PER_PUSH = 200;
/** Reply pushes in flight at once; replies ready meanwhile wait and go together in the next. */
const PUSHES_IN_FLIGHT = 4;

/** Push replies and renew their list's expiry in one command: half the round-trip work of MULTI/RPUSH/PEXPIRE/EXEC. */
const PUSH_REPLIES_LUA = `redis.call('RPUSH', KEYS[1], unpack(ARGV, 2))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

type ReplyConnection = RedisConnection & { pushReplies(key: string, ttlMs: number, ...replies: string[]): Promise<number> };

interface OutgoingReply {
  to: string;
  reply: string;
}

/**
 * Nest microservice transport on BullMQ. Consumes this service's request
 * queue (`@MessagePattern`, through `@BusHandler`); replicas of a service
 * compete for jobs, so each job runs once.
 */
export class BusServer extends Server implements CustomTransportStrategy {
  protected override readonly logger = new Logger(BusServer.name);
  private readonly workers: Worker[] = [];
  /** BullMQ does not close connections it was given, so the server closes its own. */
  private readonly connections: RedisConnection[] = [];
  private replies?: ReplyConnection;
  /** Replies ready in the same moment for the same client go in one push. */
  private readonly outgoing = new Batcher<OutgoingReply, void>((replies) => this.push(replies), {
    maxSize: MAX_REPLIES_PER_PUSH,
    maxConcurrent: PUSHES_IN_FLIGHT,
  });

  constructor(private readonly options: BusServerOptions) {
    super();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const replies = createProducerConnection(this.options.redisUrl, `${this.options.service}-replies`, {
        enableOfflineQueue: true,
        maxRetriesPerRequest: 3,
      });
      replies.defineCommand('pushReplies', { numberOfKeys: 1, lua: PUSH_REPLIES_LUA });
      this.replies = replies as ReplyConnection;
      await whenReady(this.replies);
      const concurrency = this.options.concurrency ?? DEFAULT_CONCURRENCY;
      this.workers.push(this.worker(BusQueue.requests(this.options.service), concurrency, (job: Job<BusRequest | BusRequestBatch>) => this.handleRequestJob(job)));
      await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /** Stops taking jobs and waits for the running ones to finish. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    this.workers.length = 0;
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => undefined)));
    this.connections.length = 0;
    await this.replies?.quit().catch(() => undefined);
    this.replies = undefined;
  }

  on(): void {
    throw new Error('BusServer has no events to listen to');
  }

  unwrap<T>(): T {
    return this.workers as T;
  }

  private worker<T>(queue: string, concurrency: number, process: (job: Job<T>) => Promise<void>): Worker<T> {
    const connection = createBlockingConnection(this.options.redisUrl, `${this.options.service}-worker`);
    this.connections.push(connection);
    const worker = new Worker<T>(queue, countingJobs(queue, process), {
      connection,
      prefix: this.options.prefix,
      concurrency,
      autorun: true,
      lockDuration: WORKER_LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
    });
    worker.on('error', (error) => this.logger.error(`worker error on ${queue}: ${error.message}`));
    return worker;
  }

  private async handleRequestJob(job: Job<BusRequest | BusRequestBatch>): Promise<void> {
    if (job.name !== BUS_REQUEST_BATCH) return this.handleRequest(job, String(job.id), job.data as BusRequest);
    const { requests } = job.data as BusRequestBatch;
    // Our clients send at most BUS_REQUEST_BATCH_MAX: anything else is not theirs, and is not run.
    if (!Array.isArray(requests) || requests.length > BUS_REQUEST_BATCH_MAX) throw new UnrecoverableError('a request batch that is not one');
    // Each request of the batch runs and is answered on its own; the job ends when all have been.
    const outcomes = await Promise.allSettled(requests.map((request) => this.handleRequest(job, request.id, request)));
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
  }

  private async handleRequest(job: Job, id: string, request: BusRequest): Promise<void> {
    const { pattern, data, replyTo, deadline, meta } = request;
    // The caller has already answered its client with a timeout: running it now would act on nobody's behalf.
    if (Date.now() > deadline) {
      this.logger.warn(`dropped ${pattern}: its caller stopped waiting`);
      return;
    }
    const taken = Date.now();
    Metrics.busRequestWait.observe({ pattern }, Math.max(0, (job.processedOn ?? taken) - job.timestamp) / 1000);
    // The deadline travels in the context, so bus calls the handler makes do not outlive it.
    const reply = await runWithRequestContext({ requestId: meta.requestId ?? id, deadline }, () => this.answer(id, pattern, data, new BusContext([job, meta])));
    await this.outgoing.add({ to: replyTo, reply: JSON.stringify(reply) });
    Metrics.busHandlerDuration.observe({ pattern, outcome: reply.err ? 'error' : 'ok' }, (Date.now() - taken) / 1000);
  }

  private async push(replies: OutgoingReply[]): Promise<void[]> {
    const replyConnection = this.replies;
    if (!replyConnection) throw new Error('bus server is closed');
    const byClient = groupBy(
      replies,
      ({ to }) => to,
      ({ reply }) => reply,
    );
    await Promise.all([...byClient].map(([to, list]) => replyConnection.pushReplies(to, REPLY_TTL_MS, ...list)));
    return replies.map(() => undefined);
  }

  private async answer(id: string, pattern: string, data: unknown, context: BusContext): Promise<BusReply> {
    const handler = this.handlerFor(pattern);
    if (!handler || handler.isEventHandler) {
      this.logger.error(`no handler for pattern ${pattern}`);
      return { id, err: AppError.internal().toPayload() };
    }
    try {
      const message = await this.checked(pattern, data);
      const response = await lastValueFrom(this.transformToObservable(await handler(message, context)), {
        defaultValue: null,
      });
      return { id, response };
    } catch (error) {
      return { id, err: this.toErrorPayload(pattern, error) };
    }
  }

  private checked(pattern: string, data: unknown): Promise<unknown> {
    const messages = this.options.messages;
    if (!messages) return Promise.resolve(data);
    const messageClass = messages[pattern];
    if (!messageClass) {
      this.logger.error(`no message class for pattern ${pattern}: refused unchecked`);
      return Promise.reject(AppError.internal());
    }
    // A sender of ours sent it: worth a line, naming the field only (values may be personal data).
    return checkBusPayload(messageClass, data).catch((error: AppError) => {
      this.logger.warn(`refused a malformed ${pattern} message: ${error.code} ${error.param ?? ''}`.trim());
      throw error;
    });
  }

  /**
   * Our patterns are plain strings, registered under themselves. Nest's
   * getHandlerByPattern first tries JSON.parse on every pattern (for object
   * patterns), which throws and builds a stack trace per message.
   */
  private handlerFor(pattern: string) {
    return this.messageHandlers.get(pattern) ?? this.getHandlerByPattern(pattern);
  }

  private toErrorPayload(pattern: string, error: unknown): ErrorPayload {
    if (error instanceof AppError) return error.toPayload();
    if (isErrorPayload(error)) return error;
    const outage = asServiceUnavailable(error);
    if (outage) {
      this.logger.warn(`handler for ${pattern} failed, a dependency is unavailable: ${(error as Error).message}`);
      return outage.toPayload();
    }
    this.logger.error(`handler for ${pattern} failed: ${error instanceof Error ? error.stack : String(error)}`);
    return AppError.internal().toPayload();
  }
}
