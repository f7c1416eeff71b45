import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { ApiKeyEntity } from '../merchants/api-key.entity';
import { AuthContext } from './auth-context';
import { bearerToken, hashApiKey, modeOfApiKey, sameHash } from './api-key';

const AUTH_HINT = 'Send your API key as "Authorization: Bearer <key>".';

/** Resolves an Authorization header to the merchant and mode it stands for. */
@Injectable()
export class ApiKeyAuthenticator {
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
          .andWhere('(k.expires_at IS NULL OR k.expires_at > now())')
          .getOne()
      : null;
    if (!stored || !sameHash(stored.keyHash, hash) || stored.mode !== mode) {
      throw new AppError(401, ErrorType.Authentication, 'api_key_invalid', `Invalid API key. ${AUTH_HINT}`);
    }
    return { merchantId: stored.merchantId, mode: stored.mode, apiKeyId: stored.id };
  }
}
