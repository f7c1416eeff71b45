import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { ErrorCode, ErrorType, EventStreamPage, Pattern } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { APP_CONFIG, Lifecycle } from '@sdd/runtime';
import type { IncomingHttpHeaders } from 'node:http';
import { AuthContext } from '../auth/auth-context';
import { CallerAuthenticator } from '../auth/caller.authenticator';
import { GatewayConfig } from '../config';
import { SSE_HEARTBEAT, sseEventFrame, sseOpeningFrame } from './sse-frame';
import { StreamSlots } from './stream-slots';

/** Events per bus request: a backlog (a resume after a long gap) is sent in pages this size, without waiting between them. */
const PAGE_SIZE = 100;
const HEARTBEAT_MS = 15_000;

/**
 * The open GET /v1/events/stream connections of this process. Each asks
 * webhook-dispatcher every EVENT_STREAM_POLL_MS for the events after the last
 * one it sent (webhook.stream_events) and writes them as server-sent events.
 * A stream ends when its client goes, when the gateway starts draining (the
 * client reconnects, to another replica, with Last-Event-ID), and at shutdown.
 */
@Injectable()
export class EventStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger(EventStreams.name);
  private readonly slots: StreamSlots;
  /** How to end each open stream. */
  private readonly endings = new Set<() => void>();
  /**
   * How often an open stream checks its credential again: a key revoked or
   * rolled, or a session ended, stops its streams within this long.
   */
  authRecheckMs = 60_000;

  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    private readonly lifecycle: Lifecycle,
    private readonly callers: CallerAuthenticator,
  ) {
    this.slots = new StreamSlots(config.EVENT_STREAM_MAX_PER_MERCHANT);
  }

  /**
   * Takes a slot and reads the first page before anything is sent, so an
   * unknown Last-Event-ID or a service outage is answered with the error
   * envelope; then returns the stream, which runs until one of the ends above.
   */
  async open(auth: AuthContext, headers: IncomingHttpHeaders, afterEventId: string | undefined, clientGone: PromiseLike<unknown>): Promise<PassThrough> {
    const release = this.slots.take(auth.merchantId);
    if (!release) {
      throw new AppError(
        429,
        ErrorType.RateLimit,
        ErrorCode.StreamLimitExceeded,
        `This account has ${this.config.EVENT_STREAM_MAX_PER_MERCHANT} event streams open already: close one first.`,
      );
    }
    let first: EventStreamPage;
    try {
      first = await this.bus.requestFor(auth, Pattern.StreamEvents, { afterEventId, limit: PAGE_SIZE });
    } catch (error) {
      release();
      throw error;
    }
    const stream = new PassThrough();
    // Aborted when the stream ends for any reason: stops the wait between reads and a wait for the client to read.
    const ending = new AbortController();
    const end = () => {
      if (ending.signal.aborted) return;
      ending.abort();
      this.endings.delete(end);
      release();
      stream.end();
    };
    this.endings.add(end);
    stream.once('close', end);
    void Promise.resolve(clientGone).then(end, end);
    stream.write(sseOpeningFrame());
    this.run(auth, headers, stream, first, ending.signal)
      .catch((error: Error) => {
        if (!ending.signal.aborted) this.logger.warn(`event stream ended: ${error.message}`);
      })
      .finally(end);
    return stream;
  }

  /** Ends every stream before the listeners close, so `app.close()` does not wait on them. */
  beforeApplicationShutdown(): void {
    for (const end of [...this.endings]) end();
  }

  private async run(auth: AuthContext, headers: IncomingHttpHeaders, stream: PassThrough, first: EventStreamPage, ended: AbortSignal): Promise<void> {
    let page = first;
    let lastWriteAt = Date.now();
    let authenticatedAt = Date.now();
    while (!ended.aborted && !this.lifecycle.draining) {
      if (Date.now() - authenticatedAt >= this.authRecheckMs) {
        if (!(await this.stillAuthenticated(headers))) return;
        authenticatedAt = Date.now();
      }
      for (const envelope of page.data) {
        if (!stream.write(sseEventFrame(envelope))) await once(stream, 'drain', { signal: ended });
        lastWriteAt = Date.now();
      }
      if (page.data.length < PAGE_SIZE) {
        if (Date.now() - lastWriteAt >= HEARTBEAT_MS) {
          stream.write(SSE_HEARTBEAT);
          lastWriteAt = Date.now();
        }
        await delay(this.config.EVENT_STREAM_POLL_MS, undefined, { signal: ended });
      }
      if (this.lifecycle.draining) return;
      page = await this.nextPage(auth, page.position);
    }
  }

  /** False once the credential is refused (401); an outage of the lookup is not a refusal, and the stream goes on. */
  private async stillAuthenticated(headers: IncomingHttpHeaders): Promise<boolean> {
    try {
      await this.callers.authenticate(headers);
      return true;
    } catch (error) {
      return !(error instanceof AppError && error.status === 401);
    }
  }

  /** A failed read (a service restarting) sends nothing and is asked again from the same position. */
  private async nextPage(auth: AuthContext, position: string): Promise<EventStreamPage> {
    try {
      return await this.bus.requestFor(auth, Pattern.StreamEvents, { position, limit: PAGE_SIZE });
    } catch (error) {
      this.logger.warn(`event stream: reading the next events failed (${(error as Error).message}); asking again`);
      return { data: [], position };
    }
  }
}
