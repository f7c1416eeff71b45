import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { presentRolledApiKey, RolledApiKeyResource } from '@sdd/public-api';
import { generateApiKey } from '../auth/api-key';
import { AuthContext } from '../auth/auth-context';
import { ApiKeyInvalidations } from '../auth/api-key-invalidations';
import { isExpiring, keysAfterRoll, MAX_UNEXPIRED_KEYS_PER_MODE } from './api-key-lifecycle';
import { ApiKeyEntity } from './api-key.entity';
import { countUsableKeys, lockMerchantKeys } from './api-key.repository';
import { newApiKeyRow } from './register-merchant.handler';

const DEFAULT_GRACE_HOURS = 24;

/** Issues a new key of the caller's mode; the key used to call keeps working for the grace period. */
@Injectable()
export class RollApiKeyHandler {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly invalidations: ApiKeyInvalidations,
  ) {}

  async execute(auth: AuthContext, expiresInHours = DEFAULT_GRACE_HOURS): Promise<RolledApiKeyResource> {
    const key = generateApiKey(auth.mode);
    const previous = await this.dataSource.transaction(async (manager) => {
      await lockMerchantKeys(manager, auth.merchantId);
      const current = await manager.findOneBy(ApiKeyEntity, { id: auth.apiKeyId });
      if (!current || current.revokedAt) throw AppError.notFound('This API key no longer exists.');
      // A key already rolled stays on its way out: rolling it again would mint keys from a key being retired.
      if (isExpiring(current)) {
        throw new AppError(
          403,
          ErrorType.Permission,
          'api_key_expiring',
          `This API key is in its grace period and expires at ${current.expiresAt?.toISOString()}; roll the key that replaced it.`,
        );
      }
      const now = this.clock.now();
      const graceEnd = new Date(now.getTime() + expiresInHours * 3600_000);
      await this.refuseOverLimit(manager, auth, graceEnd, now);
      await manager.update(ApiKeyEntity, { id: current.id }, { expiresAt: graceEnd });
      await manager.insert(ApiKeyEntity, newApiKeyRow(auth.merchantId, auth.mode, key));
      return { last4: current.last4, expiresAt: graceEnd };
    });
    await this.invalidations.announce(auth.apiKeyId);
    return presentRolledApiKey(key, auth.mode, previous);
  }

  private async refuseOverLimit(manager: EntityManager, auth: AuthContext, graceEnd: Date, now: Date): Promise<void> {
    const others = await countUsableKeys(manager, auth, { except: auth.apiKeyId });
    if (keysAfterRoll(others, graceEnd, now) > MAX_UNEXPIRED_KEYS_PER_MODE) {
      // 400 like webhook_limit_reached: the same kind of refusal reads the same across the API.
      throw new AppError(
        400,
        ErrorType.InvalidRequest,
        'api_key_limit_reached',
        `A mode holds at most ${MAX_UNEXPIRED_KEYS_PER_MODE} unexpired API keys. Revoke one (DELETE /v1/api_keys/{id}) or wait for a rolled key to expire.`,
      );
    }
  }
}
