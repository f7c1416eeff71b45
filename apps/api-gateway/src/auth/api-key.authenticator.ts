import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorType, type Mode } from '@sdd/contracts';
import { AppError, Metrics } from '@sdd/common';
import { PreparedStatement, preparedStatement, runPrepared } from '@sdd/persistence';
import { LAST_USE_RESOLUTION_MS, shouldRecordUse } from '../merchants/api-key-lifecycle';
import { ApiKeyEntity } from '../merchants/api-key.entity';
import { ApiKeyScope } from './auth-context';
import { ApiKeyInvalidations } from './api-key-invalidations';
import { CachedKey } from './api-key-cache';
import { bearerToken, hashApiKey, modeOfApiKey, sameHash } from './api-key';

const AUTH_HINT = 'Send your API key as "Authorization: Bearer <key>".';

const FIND_USABLE_KEY = `SELECT id, merchant_id, mode, key_hash, expires_at, last_used_at FROM {schema}.api_keys
  WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;

interface KeyRow {
  id: string;
  merchant_id: string;
  mode: Mode;
  key_hash: string;
  expires_at: Date | null;
  last_used_at: Date | null;
}

/** Resolves an Authorization header to the merchant and mode it stands for. */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly logger = new Logger(ApiKeyAuthenticator.name);
  private readonly findUsableKey: PreparedStatement;

  constructor(
    @InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>,
    private readonly invalidations: ApiKeyInvalidations,
  ) {
    this.findUsableKey = preparedStatement(keys.manager.connection, 'find-usable-api-key', FIND_USABLE_KEY);
  }

  async authenticate(header: string | undefined): Promise<ApiKeyScope> {
    const key = bearerToken(header);
    if (!key) throw new AppError(401, ErrorType.Authentication, 'api_key_missing', `No API key provided. ${AUTH_HINT}`);
    const mode = modeOfApiKey(key);
    const hash = hashApiKey(key);
    const cache = this.invalidations.cache;
    const cached = cache.get(hash, Date.now());
    if (cached) {
      Metrics.apiKeyLookups.inc({ source: 'cache' });
      this.recordUseOf(cached);
      return cached.auth;
    }
    const generation = cache.generation;
    Metrics.apiKeyLookups.inc({ source: 'database' });
    const stored = mode ? await this.findUsable(hash) : undefined;
    if (!stored || !sameHash(stored.key_hash, hash) || stored.mode !== mode) {
      throw new AppError(401, ErrorType.Authentication, 'api_key_invalid', `Invalid API key. ${AUTH_HINT}`);
    }
    const found = {
      auth: { merchantId: stored.merchant_id, mode: stored.mode, apiKeyId: stored.id },
      expiresAtMs: stored.expires_at?.getTime() ?? null,
      lastUsedAt: stored.last_used_at,
    };
    this.recordUseOf(found);
    cache.set(hash, found, generation, Date.now());
    return found.auth;
  }

  private recordUseOf(key: CachedKey): void {
    const now = new Date();
    if (!shouldRecordUse(key.lastUsedAt, now)) return;
    key.lastUsedAt = now;
    this.recordUse(key.auth.apiKeyId);
  }

  /** The lookups the cache does not answer: one prepared statement. */
  private async findUsable(hash: string): Promise<KeyRow | undefined> {
    const [row] = await runPrepared<KeyRow>(this.keys.manager.connection, this.findUsableKey, [hash]);
    return row;
  }

  /**
   * Off the request's path: a request never waits for, or fails on, this
   * bookkeeping. The condition keeps concurrent requests from all writing.
   */
  private recordUse(keyId: string): void {
    this.keys
      .createQueryBuilder()
      .update()
      .set({ lastUsedAt: () => 'now()' })
      .where('id = :keyId', { keyId })
      .andWhere('(last_used_at IS NULL OR last_used_at <= now() - make_interval(secs => :seconds))', { seconds: LAST_USE_RESOLUTION_MS / 1000 })
      .execute()
      .catch((error: unknown) => this.logger.warn(`last_used_at not recorded for ${keyId}: ${error instanceof Error ? error.message : String(error)}`));
  }
}
