import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { generateApiKey, Mode } from '../auth/api-key';
import { AuthContext } from '../auth/auth-context';
import { ApiKeyEntity } from './api-key.entity';
import { newApiKeyRow } from './register-merchant.handler';

const DEFAULT_GRACE_HOURS = 24;

export interface RolledApiKey {
  api_key: string;
  mode: Mode;
  previous_key: { last4: string; expires_at: string };
}

/** Issues a new key of the caller's mode; the key used to call keeps working for the grace period. */
@Injectable()
export class RollApiKeyHandler {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(auth: AuthContext, expiresInHours = DEFAULT_GRACE_HOURS): Promise<RolledApiKey> {
    const key = generateApiKey(auth.mode);
    const graceEnd = new Date(this.clock.now().getTime() + expiresInHours * 3600_000);
    const previous = await this.dataSource.transaction(async (manager) => {
      const current = await manager.findOne(ApiKeyEntity, {
        where: { id: auth.apiKeyId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current) throw AppError.notFound('This API key no longer exists.');
      // Rolling twice must not extend a key that was already due to expire sooner.
      const expiresAt = current.expiresAt && current.expiresAt < graceEnd ? current.expiresAt : graceEnd;
      await manager.update(ApiKeyEntity, { id: current.id }, { expiresAt });
      await manager.insert(ApiKeyEntity, newApiKeyRow(auth.merchantId, auth.mode, key));
      return { last4: current.last4, expires_at: expiresAt.toISOString() };
    });
    return { api_key: key, mode: auth.mode, previous_key: previous };
  }
}
