import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MerchantAccountRequest, MerchantAccountView, Pattern } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
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

  async execute({ scope }: MerchantAccountRequest): Promise<MerchantAccountView> {
    const [account, deliveries] = await Promise.all([
      this.accounts.findOneBy({ merchantId: scope.merchantId }),
      this.bus.requestFor(scope, Pattern.CountRecentDeliveries, { since: this.clock.now().getTime() - THIRTY_DAYS_MS }),
    ]);
    const tier = feeTierFor(deliveries);
    return {
      connect: account
        ? {
            status: account.chargesEnabled && account.payoutsEnabled ? 'connected' : 'pending',
            charges_enabled: account.chargesEnabled,
            payouts_enabled: account.payoutsEnabled,
          }
        : { status: 'not_connected', charges_enabled: false, payouts_enabled: false },
      fee_tier: { rate_percent: tier.ratePercent, deliveries_last_30_days: deliveries, next_tier_at: tier.nextTierAt },
    };
  }
}
