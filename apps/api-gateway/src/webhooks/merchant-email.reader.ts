import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '@sdd/common';
import { MerchantEntity } from '../merchants/merchant.entity';

/**
 * The merchant account's email, which the gateway owns: passed to the
 * dispatcher with each webhook change, so the auto-disable notices reach the
 * account (the dispatcher reads no other service's tables).
 */
@Injectable()
export class MerchantEmailReader {
  constructor(@InjectRepository(MerchantEntity) private readonly merchants: Repository<MerchantEntity>) {}

  async emailOf(merchantId: string): Promise<string> {
    const merchant = await this.merchants.findOne({ where: { id: merchantId }, select: { id: true, email: true } });
    // A valid API key always belongs to a merchant.
    if (!merchant) throw AppError.internal();
    return merchant.email;
  }
}
