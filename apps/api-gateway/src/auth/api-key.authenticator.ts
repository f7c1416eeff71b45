import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { LAST_USE_RESOLUTION_MS, shouldRecordUse } from '../merchants/api-key-lifecycle';
import { ApiKeyEntity } from '../merchants/api-key.entity';
import { AuthContext } from './auth-context';
import { bearerToken, hashApiKey, modeOfApiKey, sameHash } from './api-key';

const AUTH_HINT = 'Send your API key as "Authorization: Bearer <key>".';

/** Resolves an Authorization header to the merchant and mode it stands for. */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly logger = new Logger(ApiKeyAuthenticator.name);

  constructor(@InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>) {}

  async authenticate(header: string | undefined): Promise<AuthContext> {
    const key = bearerToken(header);
    if (!key) throw new AppError(401, ErrorType.Authentication, 'api_key_missing', `No API key provided. ${AUTH_HINT}`);
    const mode = modeOfApiKey(key);
    const hash = hashApiKey(key);
    const stored = mode
      ? await this.keys
          .createQueryBuilder('k')
          .where('k.key_hash = :hash', { hash })
          .andWhere('k.revoked_at IS NULL')
          .andWhere('(k.expires_at IS NULL OR k.expires_at > now())')
          .getOne()
      : null;
    if (!stored || !sameHash(stored.keyHash, hash) || stored.mode !== mode) {
      throw new AppError(401, ErrorType.Authentication, 'api_key_invalid', `Invalid API key. ${AUTH_HINT}`);
    }
    if (shouldRecordUse(stored.lastUsedAt, new Date())) this.recordUse(stored.id);
    return { merchantId: stored.merchantId, mode: stored.mode, apiKeyId: stored.id };
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
