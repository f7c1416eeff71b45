import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { AuthContext } from '../auth/auth-context';
import { ApiKeyInvalidations } from '../auth/api-key-invalidations';
import { isUsable } from './api-key-lifecycle';
import { ApiKeyEntity } from './api-key.entity';
import { countUsableKeys, lockMerchantKeys } from './api-key.repository';
import { presentRevokedApiKey, RevokedApiKeyResource } from '@sdd/public-api';

/** Revokes a key of the caller's merchant and mode at once; the mode keeps at least one key that lasts. */
@Injectable()
export class RevokeApiKeyHandler {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly invalidations: ApiKeyInvalidations,
  ) {}

  async execute(auth: AuthContext, keyId: string): Promise<RevokedApiKeyResource> {
    await this.dataSource.transaction(async (manager) => {
      await lockMerchantKeys(manager, auth.merchantId);
      const key = await manager.findOneBy(ApiKeyEntity, { id: keyId, merchantId: auth.merchantId, mode: auth.mode });
      // Another merchant's key, the other mode's, and one already gone look alike: nothing to learn from probing ids.
      if (!key || !isUsable(key, this.clock.now())) throw AppError.notFound(`No such API key: '${keyId}'.`, 'id');
      // Keys in their grace period cannot roll and will lapse: once they have, a mode left with only
      // those would have no key at all. So the last key without an end date stays.
      if ((await countUsableKeys(manager, auth, { except: key.id, lasting: true })) === 0) {
        throw new AppError(
          409,
          ErrorType.InvalidRequest,
          'last_api_key',
          `This is the last unexpired ${auth.mode} API key without an end date; roll it (POST /v1/api_keys/roll), then revoke it.`,
        );
      }
      await manager.update(ApiKeyEntity, { id: key.id }, { revokedAt: () => 'now()' });
    });
    await this.invalidations.announce(keyId);
    return presentRevokedApiKey(keyId);
  }
}
