import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConnectLinkRecord, ConnectMerchantRequest } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { processorFailure } from '../processor/processor-errors';
import { connectStatusOf } from './connect-status';
import { MerchantAccountEntity } from './merchant-account.entity';

/**
 * POST /v1/merchants/connect: the merchant's connected account in this mode
 * (made once: the processor call's key is the merchant's and mode's) and a
 * fresh onboarding link for it. The account's charges and payouts become
 * enabled when the processor says so (`account.updated`), not before.
 */
@Injectable()
export class ConnectMerchantHandler {
  private readonly logger = new Logger(ConnectMerchantHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(APP_CONFIG) private readonly config: PaymentServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: ConnectMerchantRequest): Promise<ConnectLinkRecord> {
    const { scope } = request;
    const stripe = this.processor.client(scope.mode);
    const accounts = this.dataSource.getRepository(MerchantAccountEntity);
    try {
      let account = await accounts.findOneBy({ merchantId: scope.merchantId, mode: scope.mode });
      if (!account) {
        const created = await stripe.accounts.create(
          {
            type: 'express',
            email: request.email,
            business_profile: { name: request.businessName },
            metadata: { merchant_id: scope.merchantId, mode: scope.mode },
          },
          { idempotencyKey: `connect:${scope.merchantId}:${scope.mode}` },
        );
        await accounts
          .createQueryBuilder()
          .insert()
          .values({
            merchantId: scope.merchantId,
            mode: scope.mode,
            stripeAccountId: created.id,
            chargesEnabled: created.charges_enabled ?? false,
            payoutsEnabled: created.payouts_enabled ?? false,
            updatedAt: this.clock.now(),
          })
          .orIgnore()
          .execute();
        account = await accounts.findOneByOrFail({ merchantId: scope.merchantId, mode: scope.mode });
      }
      const done = `${this.config.PUBLIC_BASE_URL}/connect/complete`;
      const link = await stripe.accountLinks.create({
        account: account.stripeAccountId,
        type: 'account_onboarding',
        return_url: request.returnUrl ?? done,
        refresh_url: request.refreshUrl ?? done,
      });
      return {
        url: link.url,
        expiresAt: new Date(link.expires_at * 1000).toISOString(),
        accountId: account.stripeAccountId,
        ...connectStatusOf(account),
      };
    } catch (error) {
      this.logger.warn(`connect of ${scope.merchantId} (${scope.mode}) failed: ${(error as Error).message}`);
      throw processorFailure(error);
    }
  }
}
