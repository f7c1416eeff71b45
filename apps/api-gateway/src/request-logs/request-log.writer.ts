import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Metrics } from '@sdd/common';
import { EntityJsonBatchInsert, entityJsonBatchInsert, PreparedStatement, preparedStatement, runPrepared } from '@sdd/persistence';
import { admits } from './request-log-buffer';
import { AnsweredRequest, bodyCharsOf, toRequestLog } from './request-log-entry';
import { RequestLogEntity } from './request-log.entity';

/**
 * How long an entry waits to be written: what came in meanwhile goes in one
 * statement. Batching by the tick (`Batcher`) made batches of 1–2 rows at
 * 1,000 requests a second, a statement per request (0.1 ms more gateway CPU
 * per quote, and Postgres's per-statement cost); 20 statements a second cost
 * nothing measurable, and entries held no longer than this mostly die young
 * in the gateway's heap (bench/HISTORY.md).
 */
export const REQUEST_LOG_FLUSH_MS = 50;

/** Rows per INSERT: a flush of more goes in several, one after the other. */
const ROWS_PER_STATEMENT = 500;

/** How long shutting down waits for the entries still held to be written. */
const DRAIN_ON_SHUTDOWN_MS = 5_000;

/** A failed write warns once per interval: while the database is down every flush would. */
const WARNING_INTERVAL_MS = 10_000;

interface Held {
  request: AnsweredRequest;
  bodyChars: number;
}

/**
 * Writes the request log off the requests' path: `record` only keeps the
 * references (no await, no I/O, no promise); every REQUEST_LOG_FLUSH_MS what
 * was recorded is made into rows (redacted) and written, one statement at a
 * time, each as one JSON parameter (entityJsonBatchInsert). Bounded
 * (REQUEST_LOG_BUFFER_BOUNDS: the entries held, waiting or being written,
 * and the characters of their bodies): past it, or when a write fails,
 * entries are dropped rather than held in memory or waited for, and counted
 * in sdd_request_logs_dropped_total.
 */
@Injectable()
export class RequestLogWriter implements OnModuleDestroy {
  private readonly logger = new Logger(RequestLogWriter.name);
  private readonly insertRows: EntityJsonBatchInsert<RequestLogEntity>;
  private readonly insertStatement: PreparedStatement;
  private readonly held = { entries: 0, bodyChars: 0 };
  private waiting: Held[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The writes under way, one after the other. */
  private writing: Promise<void> = Promise.resolve();
  private lastWarnedAt = -Infinity;

  constructor(private readonly dataSource: DataSource) {
    this.insertRows = entityJsonBatchInsert(dataSource, RequestLogEntity);
    this.insertStatement = preparedStatement(dataSource, 'insert-request-logs', this.insertRows.sql());
  }

  record(request: AnsweredRequest): void {
    const bodyChars = bodyCharsOf(request);
    if (!admits(this.held, bodyChars)) {
      Metrics.requestLogsDropped.inc({ reason: 'buffer_full' });
      return;
    }
    this.held.entries += 1;
    this.held.bodyChars += bodyChars;
    this.waiting.push({ request, bodyChars });
    // Unref'd: a pending flush does not keep the process up; shutting down flushes (onModuleDestroy).
    this.timer ??= setTimeout(() => void this.flush(), REQUEST_LOG_FLUSH_MS).unref();
  }

  /** Shutting down: what is held gets a few seconds to be written while the database is still open. */
  async onModuleDestroy(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.flush(), new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_ON_SHUTDOWN_MS).unref()))]);
    clearTimeout(timer);
  }

  private flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: Held[]): Promise<void> {
    for (let start = 0; start < batch.length; start += ROWS_PER_STATEMENT) {
      const chunk = batch.slice(start, start + ROWS_PER_STATEMENT);
      try {
        await runPrepared(this.dataSource, this.insertStatement, this.insertRows.values(chunk.map((held) => toRequestLog(held.request))));
      } catch (error) {
        this.dropped(error, chunk.length);
      } finally {
        for (const held of chunk) {
          this.held.entries -= 1;
          this.held.bodyChars -= held.bodyChars;
        }
      }
    }
  }

  /** Counted per entry; the reason logged at most once per interval, never an entry (it holds a merchant's data). */
  private dropped(error: unknown, entries: number): void {
    Metrics.requestLogsDropped.inc({ reason: 'write_failed' }, entries);
    const now = Date.now();
    if (now - this.lastWarnedAt < WARNING_INTERVAL_MS) return;
    this.lastWarnedAt = now;
    this.logger.warn(`${entries} request log entries not written: ${error instanceof Error ? error.message : String(error)}`);
  }
}
