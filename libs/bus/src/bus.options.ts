import { BusMessageClass, ServiceName } from '@sdd/contracts';

export interface BusConnectionOptions {
  /** redis:// URL of the Redis that carries the bus. */
  redisUrl: string;
  /** Key prefix of every queue and reply list; a unique one per test file isolates tests. */
  prefix: string;
}

export interface BusServerOptions extends BusConnectionOptions {
  /** The service whose request queue this server consumes. */
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
}

/** How long an unread reply is kept: a client that died leaves nothing behind for long. */
export const REPLY_TTL_MS = 60_000;

/**
 * A worker renews its jobs' locks every half of this; the jobs of a worker that
 * died are taken back once it lapses, at the next stalled check. Shorter than
 * BullMQ's 30 s + 30 s, so a killed replica's work resumes within ~20 s.
 */
export const WORKER_LOCK_MS = 15_000;
export const STALLED_CHECK_MS = 5_000;
