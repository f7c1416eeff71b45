import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Batcher, Metrics } from '@sdd/common';
import { EntityJsonBatchInsert, entityJsonBatchInsert, PreparedStatement, preparedStatement, runPrepared, STATEMENT_BATCHING } from '@sdd/persistence';
import { admits } from './request-log-buffer';
import { AnsweredRequest, bodyCharsOf, toRequestLog } from './request-log-entry';
import { RequestLogEntity } from './request-log.entity';

/** How long shutting down waits for the requests still buffered to be written. */
const DRAIN_ON_SHUTDOWN_MS = 5_000;

/** A failed write warns once per interval: while the database is down every batch would. */
const WARNING_INTERVAL_MS = 10_000;

/**
 * Writes the request log off the requests' path: `record` only buffers (no
 * await, no I/O); batches of up to 100 rows go in one INSERT each
 * (STATEMENT_BATCHING) as one JSON parameter (entityJsonBatchInsert: the
 * cheapest for the gateway of the ways we have), the rows made (redacted)
 * just before. A bounded
 * buffer (REQUEST_LOG_BUFFER_BOUNDS: entries and the characters of their
 * bodies): past it, or when a batch fails, entries are dropped rather than
 * held in memory or waited for, and counted in sdd_request_logs_dropped_total.
 */
@Injectable()
export class RequestLogWriter implements OnModuleDestroy {
  private readonly logger = new Logger(RequestLogWriter.name);
  private readonly insertRows: EntityJsonBatchInsert<RequestLogEntity>;
  private readonly insertStatement: PreparedStatement;
  private readonly batches = new Batcher<AnsweredRequest, void>((requests) => this.insert(requests), STATEMENT_BATCHING);
  private readonly buffered = { entries: 0, bodyChars: 0 };
  private lastWarnedAt = -Infinity;
  private drained: (() => void) | undefined;

  constructor(private readonly dataSource: DataSource) {
    this.insertRows = entityJsonBatchInsert(dataSource, RequestLogEntity);
    this.insertStatement = preparedStatement(dataSource, 'insert-request-logs', this.insertRows.sql());
  }

  record(request: AnsweredRequest): void {
    const bodyChars = bodyCharsOf(request);
    if (!admits(this.buffered, bodyChars)) {
      Metrics.requestLogsDropped.inc({ reason: 'buffer_full' });
      return;
    }
    this.buffered.entries += 1;
    this.buffered.bodyChars += bodyChars;
    this.batches
      .add(request)
      .catch((error: unknown) => this.dropped(error))
      .finally(() => this.written(bodyChars));
  }

  /** Shutting down: what is buffered gets a few seconds to be written while the database is still open. */
  async onModuleDestroy(): Promise<void> {
    if (this.buffered.entries === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise<void>((resolve) => (this.drained = resolve)), new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_ON_SHUTDOWN_MS).unref()))]);
    clearTimeout(timer);
  }

  private async insert(requests: AnsweredRequest[]): Promise<void[]> {
    const rows = requests.map(toRequestLog);
    await runPrepared(this.dataSource, this.insertStatement, this.insertRows.values(rows));
    return rows.map(() => undefined);
  }

  private written(bodyChars: number): void {
    this.buffered.entries -= 1;
    this.buffered.bodyChars -= bodyChars;
    if (this.buffered.entries === 0) this.drained?.();
  }

  /** Counted per entry; the reason logged at most once per interval, never the entry (it holds a merchant's data). */
  private dropped(error: unknown): void {
    Metrics.requestLogsDropped.inc({ reason: 'write_failed' });
    const now = Date.now();
    if (now - this.lastWarnedAt < WARNING_INTERVAL_MS) return;
    this.lastWarnedAt = now;
    this.logger.warn(`request log entries not written: ${error instanceof Error ? error.message : String(error)}`);
  }
}
