import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorCode, ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { toErrorEnvelope } from '../errors/error-envelope';
import { requestHash } from './request-hash';

const VALIDITY_HOURS = 24;
const VALIDATION_CODES = new Set<string>([ErrorCode.ParameterInvalid, ErrorCode.ParameterMissing, ErrorCode.ParameterUnknown]);

export interface StoredResponse {
  status: number;
  body: string;
  replayed: boolean;
}

/**
 * Idempotency-Key for POST /v1/deliveries (24 h, per API key). The first
 * request with a key runs and its response is kept byte for byte; the same key
 * with the same body replays it; with another body it is refused (422); while
 * the first still runs, the same key gets 409 so that exactly one runs.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly dataSource: DataSource) {}

  async run(apiKeyId: string, key: string, body: unknown, requestId: string, execute: () => Promise<{ status: number; body: unknown }>): Promise<StoredResponse> {
    const schema = this.dataSource.driver.schema;
    const hash = requestHash(body);
    const claimed = await this.dataSource.query(
      `INSERT INTO "${schema}".idempotency_keys (api_key_id, key, request_hash, created_at)
       VALUES ($1, $2, $3, now())
       ON CONFLICT (api_key_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = now()
         WHERE idempotency_keys.created_at < now() - make_interval(hours => ${VALIDITY_HOURS})
       RETURNING key`,
      [apiKeyId, key, hash],
    );
    if (claimed.length === 0) return this.previous(apiKeyId, key, hash);

    let outcome: { status: number; body: string };
    try {
      const result = await execute();
      outcome = { status: result.status, body: JSON.stringify(result.body) };
    } catch (error) {
      // Failures that may go away (our 5xx, a timeout) are not kept, nor validation failures: the merchant
      // retries or corrects the request with the same key.
      if (!(error instanceof AppError) || error.status >= 500 || error.status === 429 || VALIDATION_CODES.has(error.code)) {
        await this.forget(apiKeyId, key);
        throw error;
      }
      const envelope = toErrorEnvelope(error, requestId);
      outcome = { status: envelope.status, body: JSON.stringify(envelope.body) };
    }
    await this.dataSource.query(
      `UPDATE "${schema}".idempotency_keys SET response_status = $3, response_body = $4 WHERE api_key_id = $1 AND key = $2`,
      [apiKeyId, key, outcome.status, outcome.body],
    );
    return { ...outcome, replayed: false };
  }

  private async forget(apiKeyId: string, key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "${this.dataSource.driver.schema}".idempotency_keys WHERE api_key_id = $1 AND key = $2`, [
      apiKeyId,
      key,
    ]);
  }

  private async previous(apiKeyId: string, key: string, hash: string): Promise<StoredResponse> {
    const [row] = await this.dataSource.query(
      `SELECT request_hash, response_status, response_body FROM "${this.dataSource.driver.schema}".idempotency_keys WHERE api_key_id = $1 AND key = $2`,
      [apiKeyId, key],
    );
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
