import { Inject, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { ErrorType } from '@sdd/contracts';
import { AppError, Clock, CLOCK, newId } from '@sdd/common';
import { presentRegisteredMerchant, RegisteredMerchantResource } from '@sdd/public-api';
import { generateApiKey, hashApiKey, Mode } from '../auth/api-key';
import { postalAddressFrom } from './address.mapper';
import { ApiKeyEntity } from './api-key.entity';
import { MerchantEntity } from './merchant.entity';
import { RegisterMerchantDto } from './register-merchant.dto';
import { MemberEntity } from '../members/member.entity';
import { hashPassword } from '../members/password';

export function newApiKeyRow(merchantId: string, mode: Mode, key: string): ApiKeyEntity {
  return Object.assign(new ApiKeyEntity(), {
    id: newId('key'),
    merchantId,
    mode,
    keyHash: hashApiKey(key),
    last4: key.slice(-4),
    expiresAt: null,
  });
}

function isDuplicateEmail(error: unknown): boolean {
  const driverError = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
  // The owner member shares the email: an address already a member of another team is taken too.
  return driverError?.code === '23505' && (driverError.constraint === 'merchants_email_key' || driverError.constraint === 'members_email_key');
}

/** Creates the merchant, its test and live keys, and its owner member, in one transaction. */
@Injectable()
export class RegisterMerchantHandler {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(dto: RegisterMerchantDto): Promise<RegisteredMerchantResource> {
    const merchant = Object.assign(new MerchantEntity(), {
      id: newId('mer'),
      businessName: dto.business_name.trim(),
      email: dto.email.trim(),
      phone: dto.phone.trim(),
      address: postalAddressFrom(dto.address),
      createdAt: this.clock.now(),
    });
    const keys: Record<Mode, string> = { test: generateApiKey('test'), live: generateApiKey('live') };
    const owner = Object.assign(new MemberEntity(), {
      id: newId('mem'),
      merchantId: merchant.id,
      email: merchant.email,
      role: 'owner',
      // Without a password the owner signs in by emailed link.
      passwordHash: dto.password === undefined ? null : await hashPassword(dto.password),
      createdAt: merchant.createdAt,
    });
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.insert(MerchantEntity, merchant);
        await manager.insert(ApiKeyEntity, [newApiKeyRow(merchant.id, 'test', keys.test), newApiKeyRow(merchant.id, 'live', keys.live)]);
        await manager.insert(MemberEntity, owner);
      });
    } catch (error) {
      if (isDuplicateEmail(error)) {
        throw new AppError(409, ErrorType.InvalidRequest, 'merchant_exists', 'A merchant with this email is already registered.', 'email');
      }
      throw error;
    }
    return presentRegisteredMerchant(merchant, keys);
  }
}
