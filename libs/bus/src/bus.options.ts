import { BusMessageClass, EventType, Pattern, ServiceName } from '@sdd/contracts';

export interface BusConnectionOptions {
  /** redis:// URL of the Redis that carries the bus. */
  redisUrl: string;
  /** Key prefix of every queue and reply list; a unique one per test file isolates tests. */
  prefix: string;
}

export interface BusServerOptions extends BusConnectionOptions {
  /** The service whose request and event queues this server consumes. */
  service: ServiceName;
  /** Jobs processed in parallel per queue in this process. */
  concurrency?: number;
  /**
   * The message class of each request pattern. When given, every request is
   * checked against its class before its handler runs, and a pattern without
   * one is refused.
   */
  messages?: Readonly<Record<string, BusMessageClass>>;
}

export interface BusClientOptions extends BusConnectionOptions {
  /** How long `send` waits for a reply before failing with 503 service_unavailable. */
  timeoutMs?: number;
  /** Longer waits for the patterns that need them; defaults to the contracts' table. */
  patternTimeouts?: Readonly<Record<string, number | undefined>>;
  /** Which service answers each pattern; defaults to the contracts' table. */
  routes?: Readonly<Record<string, ServiceName>>;
  /**
   * Who receives each `emit`; nobody by default. Delivery events do not use
   * emit: the outbox hands them to each subscriber as a request and waits for
   * its acknowledgement, which a fire-and-forget job cannot give.
   */
  subscriptions?: Readonly<Record<string, readonly ServiceName[]>>;
}

export type RoutedPattern = Pattern | EventType;

/** How long an unread reply is kept: a client that died leaves nothing behind for long. */
export const REPLY_TTL_MS = 60_000;

/** Event delivery is at least once; subscribers must be idempotent. */
export const EVENT_ATTEMPTS = 8;
export const EVENT_BACKOFF_MS = 1_000;
/** Failed events stay inspectable for a week. */
export const FAILED_EVENT_RETENTION_S = 7 * 24 * 3600;

/**
 * A worker renews its jobs' locks every half of this; the jobs of a worker that
 * died are taken back once it lapses, at the next stalled check. Shorter than
 * BullMQ's 30 s + 30 s, so a killed replica's work resumes within ~20 s.
 */
export const WORKER_LOCK_MS = 15_000;
export const STALLED_CHECK_MS = 5_000;
