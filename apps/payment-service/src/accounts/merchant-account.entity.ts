import type { Mode } from '@sdd/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A merchant's connected payment account in one mode; a row appears with Connect onboarding. */
@Entity({ name: 'merchant_accounts' })
export class MerchantAccountEntity {
  @PrimaryColumn({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @PrimaryColumn({ type: 'text' })
  mode!: Mode;

  @Column({ name: 'stripe_account_id', type: 'text' })
  stripeAccountId!: string;

  @Column({ name: 'charges_enabled', type: 'boolean' })
  chargesEnabled!: boolean;

  @Column({ name: 'payouts_enabled', type: 'boolean' })
  payoutsEnabled!: boolean;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
