import { Logger } from '@nestjs/common';
import { ClientProxy, ReadPacket, WritePacket } from '@nestjs/microservices';
import { JobsOptions, Queue } from 'bullmq';
import { hostname } from 'node:os';
import {
  BusQueue,
  MerchantScope,
  Pattern,
  PATTERN_ROUTES,
  PATTERN_TIMEOUT_MS,
  PatternReply,
  PatternRequest,
  ScopedPattern,
  scopeOf,
  ServiceName,
  UnscopedRequest,
} from '@sdd/contracts';
import { AppError, Batcher, currentRequestContext, groupBy, isErrorPayload, Metrics, randomToken, RedisConnection } from '@sdd/common';
import { BusClientOptions } from './bus.options';
import { BatchedBusRequest, BUS_REQUEST_BATCH, BUS_REQUEST_BATCH_MAX, BusReply, BusRequest, BusRequestBatch } from './bus-wire-format';
import { requestDeadline } from './deadline';
import { ReplyListener } from './reply-listener';
import { createProducerConnection, whenReady } from './redis-connection';

type Callback = (packet: WritePacket) => void;

interface Pending {
  callback: Callback;
  timer: NodeJS.Timeout;
  service: ServiceName;
  sentAt: number;
  /** The pattern has a timeout of its own: it waits on purpose (a payment processor, a big batch). */
  slowByDesign: boolean;
}

const DEFAULT_TIMEOUT_MS = 5000;
/** Jobs being added at once; what is sent meanwhile waits and goes together in the next. */
const ADDS_IN_FLIGHT = 4;

export interface RequestOptions {
  timeoutMs?: number;
  /** The id of the request this one is for: the service logs under it. */
  requestId?: string;
}

/** A request as `publish` takes it: Nest's packet and the id of the request it is for. */
interface RequestPacket extends ReadPacket {
  requestId?: string;
}

const forRequest = (requestId: string | undefined) => (requestId === undefined ? '' : ` (request ${requestId})`);

interface Outgoing {
  queue: string;
  request: BatchedBusRequest;
}

const REQUEST_JOB: JobsOptions = { removeOnComplete: true, removeOnFail: true, attempts: 1 };

/**
 * `ClientProxy` over BullMQ: `send` puts a request job on the answering
 * service's queue and waits for the reply on this process's reply list.
 * There is no `emit`: delivery events go through the outbox, which hands them
 * to each subscriber as a request and waits for its acknowledgement, which a
 * fire-and-forget job cannot give.
 */
export class BusClient extends ClientProxy {
  private readonly logger = new Logger(BusClient.name);
  private readonly clientId = `${hostname()}-${process.pid}-${randomToken(8)}`;
  private readonly pending = new Map<string, Pending>();
  /** The pending requests per service, kept as they come and go: the gateway reads it on every request it admits. */
  private readonly pendingCounts = new Map<ServiceName, number>();
  private readonly queues = new Map<string, Queue>();
  private readonly timeoutMs: number;
  private readonly patternTimeouts: Readonly<Record<string, number | undefined>>;
  private readonly routes: Readonly<Record<string, ServiceName>>;
  /**
   * Every request is a job on its service's queue, and a job costs four Redis
   * scripts (add, take, finish, reply) whatever it carries: requests sent in
   * the same moment to the same service share one job.
   */
  private readonly outgoing = new Batcher<Outgoing, Error | undefined>((batch) => this.sendJobs(batch), {
    maxSize: BUS_REQUEST_BATCH_MAX,
    maxConcurrent: ADDS_IN_FLIGHT,
  });
  private connection?: RedisConnection;
  private listener?: ReplyListener;
  private connecting?: Promise<void>;

  constructor(private readonly options: BusClientOptions) {
    super();
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.patternTimeouts = options.patternTimeouts ?? PATTERN_TIMEOUT_MS;
    this.routes = options.routes ?? PATTERN_ROUTES;
  }

  /**
   * Nest calls this before every send/emit: the first call opens, later ones
   * reuse. While Redis is away a request could only wait out its timeout, so
   * it is refused at once (503) until ioredis has reconnected.
   */
  connect(): Promise<void> {
    this.connecting ??= this.open().catch((error: Error) => {
      this.connecting = undefined;
      this.logger.error(`bus connection failed: ${error.message}`);
      throw AppError.serviceUnavailable('The service is temporarily unavailable. Retry later.');
    });
    return this.connecting.then(() => {
      if (this.connection?.status !== 'ready') throw AppError.serviceUnavailable('The service is temporarily unavailable. Retry later.');
    });
  }

  async close(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    this.connecting = undefined;
    for (const [id] of this.pending) this.settle(id, { err: this.unavailable(), isDisposed: true });
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
    await listener?.stop();
    this.connection?.disconnect();
    this.connection = undefined;
  }

  override on(): void {
    throw new Error('BusClient has no events to listen to');
  }

  unwrap<T>(): T {
    return this.connection as T;
  }

  /**
   * A request of the bus contract: the compiler checks the payload against the
   * pattern's request type and the caller gets its reply type. `timeoutMs`
   * gives up sooner than the bus would (the health report's pings);
   * `requestId` is the id of the request this one is for, carried in the
   * message's meta for the service's logs (otherwise the current request
   * context's, if any: the services' handlers run in one).
   */
  request<P extends Pattern>(pattern: P, data: PatternRequest<P>, options: RequestOptions = {}): Promise<PatternReply<P>> {
    const started = performance.now();
    const observe = (outcome: 'ok' | 'error' | 'unavailable') => Metrics.busRequestDuration.observe({ pattern, outcome }, (performance.now() - started) / 1000);
    return this.exchange<PatternReply<P>>({ pattern, data, requestId: options.requestId }, options.timeoutMs).then(
      (answer) => {
        observe('ok');
        return answer;
      },
      (error: unknown) => {
        observe(error instanceof AppError && error.status < 500 ? 'error' : 'unavailable');
        throw error;
      },
    );
  }

  /**
   * One request and its reply as a promise, over the same connect and publish
   * as Nest's `send`, without the observables `send` wraps them in (defer,
   * mergeMap, firstValueFrom): a cost on every request the gateway makes.
   */
  private async exchange<R>(packet: RequestPacket, timeoutMs: number | undefined): Promise<R> {
    await this.connect();
    return new Promise<R>((resolve, reject) => {
      // A holder, not `let`s: publish may answer synchronously, before the timer exists.
      const wait: { settled: boolean; timer?: NodeJS.Timeout } = { settled: false };
      const dispose = this.publish(packet, ({ err, response }) => {
        if (wait.settled) return;
        wait.settled = true;
        clearTimeout(wait.timer);
        if (err !== undefined && err !== null) reject(this.serializeError(err));
        else resolve(response as R);
      });
      if (wait.settled || timeoutMs === undefined) return;
      wait.timer = setTimeout(() => {
        wait.settled = true;
        dispose();
        reject(AppError.serviceUnavailable(`No answer to ${String(packet.pattern)} within ${timeoutMs} ms.`));
      }, timeoutMs);
    });
  }

  /**
   * A request acting for one merchant in one mode. The scope is built here and
   * only here: the caller's context (an API key's) carries fields the bus
   * message check refuses; its `requestId`, when it has one, goes in the meta.
   */
  requestFor<P extends ScopedPattern>(scope: MerchantScope & { requestId?: string }, pattern: P, data: UnscopedRequest<P>): Promise<PatternReply<P>> {
    // Omit<T, 'scope'> & { scope } is T for every scoped request; the compiler cannot see that through the generic.
    return this.request(pattern, { ...data, scope: scopeOf(scope) } as PatternRequest<P>, { requestId: scope.requestId });
  }

  /** Requests waiting for a reply; for tests and the health report. */
  get inFlight(): number {
    return this.pending.size;
  }

  /**
   * How long the oldest request still waiting for its reply has waited, in
   * ms (0 when none waits), leaving out patterns slow by design: the wait the
   * next request will likely see. Pending requests are kept in the order sent.
   */
  oldestWaitMs(now = Date.now()): number {
    for (const pending of this.pending.values()) if (!pending.slowByDesign) return Math.max(0, now - pending.sentAt);
    return 0;
  }

  /** Requests waiting for a reply, per answering service: the backlog the gateway sheds load on. */
  pendingByService(): Record<string, number> {
    return Object.fromEntries(this.pendingCounts);
  }

  protected publish(packet: RequestPacket, callback: Callback): () => void {
    const { id } = this.assignPacketId(packet);
    const pattern = this.normalizePattern(packet.pattern);
    const service = this.routes[pattern];
    if (!service || !this.listener) {
      this.logger.error(service ? 'send before connect' : `no service answers pattern ${pattern}`);
      callback({ err: AppError.internal().toPayload(), isDisposed: true });
      return () => undefined;
    }
    const context = currentRequestContext();
    const requestId = packet.requestId ?? context?.requestId;
    const now = Date.now();
    const deadline = requestDeadline(now, this.patternTimeouts[pattern] ?? this.timeoutMs, context?.deadline);
    const waitMs = deadline - now;
    if (waitMs <= 0) {
      this.logger.warn(`not sending ${pattern}${forRequest(requestId)}: the request it is for is past its deadline`);
      callback({ err: this.unavailable(), isDisposed: true });
      return () => undefined;
    }
    const timer = setTimeout(() => {
      this.logger.warn(`${service} did not answer ${pattern}${forRequest(requestId)} within ${waitMs} ms`);
      Metrics.busRequestTimeouts.inc({ pattern });
      this.settle(id, { err: this.unavailable(), isDisposed: true });
    }, waitMs);
    this.pending.set(id, { callback, timer, service, sentAt: now, slowByDesign: this.patternTimeouts[pattern] !== undefined });
    this.pendingCounts.set(service, (this.pendingCounts.get(service) ?? 0) + 1);

    const request: BatchedBusRequest = {
      id,
      pattern,
      data: packet.data,
      replyTo: this.listener.key,
      deadline,
      meta: { requestId },
    };
    void this.outgoing
      .add({ queue: BusQueue.requests(service), request })
      .catch((error: Error) => error)
      .then((error) => {
        if (!error) return;
        this.logger.error(`could not enqueue ${pattern}${forRequest(requestId)}: ${error.message}`);
        this.settle(id, { err: this.unavailable(), isDisposed: true });
      });

    return () => this.forget(id);
  }

  /**
   * One job per service: a lone request as it always was (its id the job's,
   * its pattern the job's name), several as a `BusRequestBatch`. Requests
   * nobody waits for any more (timed out, disposed) are not sent. Answers,
   * per request, why it could not be sent.
   */
  private async sendJobs(batch: Outgoing[]): Promise<Array<Error | undefined>> {
    const waited = batch.filter(({ request }) => this.pending.has(request.id));
    const byQueue = groupBy(
      waited,
      ({ queue }) => queue,
      ({ request }) => request,
    );
    const failed = new Map<string, Error>();
    await Promise.all([...byQueue].map(([name, requests]) => this.addJob(name, requests).catch((error: Error) => failed.set(name, error))));
    return batch.map(({ queue }) => failed.get(queue));
  }

  private async addJob(name: string, requests: BatchedBusRequest[]): Promise<void> {
    const queue = this.queue(name);
    if (requests.length > 1) {
      await queue.add(BUS_REQUEST_BATCH, { requests } satisfies BusRequestBatch, REQUEST_JOB);
      return;
    }
    const { id, ...request } = requests[0];
    await queue.add(request.pattern, request satisfies BusRequest, { ...REQUEST_JOB, jobId: id });
  }

  protected dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    return Promise.reject(new Error(`BusClient does not emit events (${String(packet.pattern)}): send a request instead`));
  }

  /** Errors come back as payloads; callers get our typed error, whatever the service was. */
  protected override serializeError(err: unknown): unknown {
    return isErrorPayload(err) ? AppError.fromPayload(err) : err;
  }

  private async open(): Promise<void> {
    const connection = createProducerConnection(this.options.redisUrl, 'bus-client');
    try {
      await whenReady(connection);
    } catch (error) {
      // ioredis would keep reconnecting it in the background: each failed send would leave one more behind.
      connection.disconnect();
      throw error;
    }
    this.connection = connection;
    const key = `${this.options.prefix}:${BusQueue.replies(this.clientId)}`;
    this.listener = new ReplyListener(this.options.redisUrl, key, (reply) => this.onReply(reply));
    this.listener.start();
  }

  private onReply(reply: BusReply): void {
    if (reply.err) this.settle(reply.id, { err: reply.err, isDisposed: true });
    else this.settle(reply.id, { response: reply.response, isDisposed: true });
  }

  private settle(id: string, packet: WritePacket): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.forget(id);
    pending.callback(packet);
  }

  private forget(id: string): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(id);
    const left = (this.pendingCounts.get(pending.service) ?? 1) - 1;
    if (left > 0) this.pendingCounts.set(pending.service, left);
    else this.pendingCounts.delete(pending.service);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      if (!this.connection) throw AppError.serviceUnavailable('The service is temporarily unavailable. Retry later.');
      queue = new Queue(name, { connection: this.connection, prefix: this.options.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  private unavailable() {
    return AppError.serviceUnavailable('The service is temporarily unavailable. Retry later.').toPayload();
  }
}
