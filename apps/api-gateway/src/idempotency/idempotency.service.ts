import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorType, MerchantScope } from '@sdd/contracts';
import { AppError, randomToken } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { GatewayConfig } from '../config';
import { toErrorEnvelope } from '../errors/error-envelope';
import { failedAttempt } from './failed-attempt';
import { requestHash } from './request-hash';

export const VALIDITY_HOURS = 24;

export interface StoredResponse {
  status: number;
  body: string;
  replayed: boolean;
}

/** What an attempt produced; `replayed` when the backend found the request's outcome already there. */
export interface AttemptResult {
  status: number;
  body: unknown;
  replayed?: boolean;
}

/**
 * Idempotency-Key for POST /v1/deliveries and /v1/checkouts (24 h, per merchant and mode). The
 * first request with a key runs and its response is kept byte for byte; the
 * same key with the same body replays it; with another body it is refused
 * (422); while an attempt runs, the same key gets 409. An attempt holds the
 * key by a lease it renews while it runs: when it dies (gateway killed, its
 * response never stored), the lease lapses and the next attempt takes over.
 * Every attempt passes the key's request token to the backend, which creates
 * at most one delivery per token, so the takeover gets the first attempt's
 * delivery back or, if it created nothing, runs afresh.
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger(IdempotencyService.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async run(scope: MerchantScope, key: string, body: unknown, requestId: string, execute: (requestToken: string) => Promise<AttemptResult>): Promise<StoredResponse> {
    const hash = requestHash(body);
    const owner = randomToken(16);
    const [claimed] = await this.dataSource.query(
      `INSERT INTO ${this.table} AS k (merchant_id, mode, key, request_hash, request_token, locked_by, locked_until, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + $7::int * interval '1 millisecond', now())
       ON CONFLICT (merchant_id, mode, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash,
             request_token = CASE WHEN k.created_at < now() - make_interval(hours => ${VALIDITY_HOURS}) THEN EXCLUDED.request_token ELSE k.request_token END,
             created_at = CASE WHEN k.created_at < now() - make_interval(hours => ${VALIDITY_HOURS}) THEN now() ELSE k.created_at END,
             response_status = NULL, response_body = NULL, locked_by = EXCLUDED.locked_by, locked_until = EXCLUDED.locked_until
         WHERE k.created_at < now() - make_interval(hours => ${VALIDITY_HOURS})
            OR (k.response_status IS NULL AND k.locked_until < now() AND k.request_hash = EXCLUDED.request_hash)
       RETURNING request_token`,
      [scope.merchantId, scope.mode, key, hash, randomToken(), owner, this.config.IDEMPOTENCY_LEASE_MS],
    );
    if (!claimed) return this.previous(scope, key, hash);

    const attempt = { scope, key, owner };
    const renewal = setInterval(() => void this.renew(attempt), Math.floor(this.config.IDEMPOTENCY_LEASE_MS / 3));
    let outcome: { status: number; body: string; replayed: boolean };
    try {
      const result = await execute(claimed.request_token);
      outcome = { status: result.status, body: JSON.stringify(result.body), replayed: result.replayed ?? false };
    } catch (error) {
      const handling = failedAttempt(error);
      if (handling !== 'store') {
        await (handling === 'forget' ? this.forget(attempt) : this.release(attempt));
        throw error;
      }
      const envelope = toErrorEnvelope(error as AppError, requestId);
      outcome = { status: envelope.status, body: JSON.stringify(envelope.body), replayed: false };
    } finally {
      clearInterval(renewal);
    }
    await this.store(attempt, outcome);
    return outcome;
  }

  private get table(): string {
    return `"${this.dataSource.driver.schema}".idempotency_keys`;
  }

  /** Only while this attempt still holds the key: a takeover's attempt is its own. */
  private async renew({ scope, key, owner }: Attempt): Promise<void> {
    await this.dataSource
      .query(
        `UPDATE ${this.table} SET locked_until = now() + $5::int * interval '1 millisecond'
         WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND locked_by = $4 AND response_status IS NULL`,
        [scope.merchantId, scope.mode, key, owner, this.config.IDEMPOTENCY_LEASE_MS],
      )
      .catch((error: Error) => this.logger.warn(`Idempotency-Key lease not renewed: ${error.message}`));
  }

  /**
   * The merchant gets the outcome even when it cannot be stored: the key is
   * then released, and the next attempt gets the same delivery from the
   * backend instead of this exact response.
   */
  private async store({ scope, key, owner }: Attempt, outcome: { status: number; body: string }): Promise<void> {
    try {
      await this.dataSource.query(
        `UPDATE ${this.table} SET response_status = $5, response_body = $6, locked_by = NULL, locked_until = NULL
         WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND locked_by = $4`,
        [scope.merchantId, scope.mode, key, owner, outcome.status, outcome.body],
      );
    } catch (error) {
      this.logger.error(`Idempotency-Key response not stored, the key is released for a retry to settle: ${(error as Error).message}`);
      await this.release({ scope, key, owner });
    }
  }

  /** Lets the next attempt take over now instead of when the lease lapses; best effort, as the lease lapses anyway. */
  private async release({ scope, key, owner }: Attempt): Promise<void> {
    await this.dataSource
      .query(
        `UPDATE ${this.table} SET locked_by = NULL, locked_until = now()
         WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND locked_by = $4 AND response_status IS NULL`,
        [scope.merchantId, scope.mode, key, owner],
      )
      .catch((error: Error) => this.logger.warn(`Idempotency-Key not released, its lease will lapse: ${error.message}`));
  }

  private async forget({ scope, key, owner }: Attempt): Promise<void> {
    await this.dataSource
      .query(`DELETE FROM ${this.table} WHERE merchant_id = $1 AND mode = $2 AND key = $3 AND locked_by = $4 AND response_status IS NULL`, [
        scope.merchantId,
        scope.mode,
        key,
        owner,
      ])
      .catch((error: Error) => this.logger.warn(`Idempotency-Key not forgotten, its lease will lapse: ${error.message}`));
  }

  private async previous(scope: MerchantScope, key: string, hash: string): Promise<StoredResponse> {
    const [row] = await this.dataSource.query(`SELECT request_hash, response_status, response_body FROM ${this.table} WHERE merchant_id = $1 AND mode = $2 AND key = $3`, [
      scope.merchantId,
      scope.mode,
      key,
    ]);
    if (!row) throw new AppError(409, ErrorType.InvalidRequest, 'idempotency_key_in_use', 'A request with this Idempotency-Key just finished; retry.');
    if (row.request_hash !== hash) {
      throw new AppError(
        422,
        ErrorType.Idempotency,
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
        'Idempotency-Key',
      );
    }
    if (row.response_status === null) {
      throw new AppError(
        409,
        ErrorType.InvalidRequest,
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed. Retry after it completes.',
        'Idempotency-Key',
      );
    }
    return { status: row.response_status, body: row.response_body, replayed: true };
  }
}

interface Attempt {
  scope: MerchantScope;
  key: string;
  owner: string;
}
