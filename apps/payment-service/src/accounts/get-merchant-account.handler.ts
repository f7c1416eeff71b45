import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MerchantAccountRequest, MerchantAccountRecord, Pattern } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { connectStatusOf } from './connect-status';
import { feeTierFor } from './fee-tier';
import { MerchantAccountEntity } from './merchant-account.entity';

const THIRTY_DAYS_MS = 30 * 24 * 3600_000;

/** Connect status from the merchant's account (none until onboarding), fee tier from its recent deliveries in this mode. */
@Injectable()
export class GetMerchantAccountHandler {
  constructor(
    @InjectRepository(MerchantAccountEntity) private readonly accounts: Repository<MerchantAccountEntity>,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope }: MerchantAccountRequest): Promise<MerchantAccountRecord> {
    const [account, deliveries] = await Promise.all([
      this.accounts.findOneBy({ merchantId: scope.merchantId, mode: scope.mode }),
      this.bus.requestFor(scope, Pattern.CountRecentDeliveries, { since: this.clock.now().getTime() - THIRTY_DAYS_MS }),
    ]);
    const tier = feeTierFor(deliveries);
    return {
      connect: connectStatusOf(account),
      feeTier: { ratePercent: tier.ratePercent, deliveriesLast30Days: deliveries, nextTierAt: tier.nextTierAt },
    };
  }
}
