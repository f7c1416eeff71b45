import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Category, FeeComponent, Mode, PackageSize, LocatedAddress, Vehicle } from '@sdd/contracts';

@Entity({ name: 'quotes' })
export class QuoteEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'text' })
  mode!: Mode;

  @Column({ type: 'integer' })
  fee!: number;

  /** The parts `fee` is the sum of, as priced (priceQuote); re-pricing an expired quote replaces both. */
  @Column({ name: 'fee_breakdown', type: 'jsonb' })
  feeBreakdown!: FeeComponent[];

  @Column({ type: 'text' })
  currency!: string;

  @Column({ name: 'eta_minutes', type: 'integer' })
  etaMinutes!: number;

  @Column({ name: 'distance_km', type: 'double precision' })
  distanceKm!: number;

  @Column({ name: 'package_size', type: 'text' })
  packageSize!: PackageSize;

  @Column({ type: 'text' })
  vehicle!: Vehicle;

  @Column({ type: 'text' })
  category!: Category;

  @Column({ name: 'scheduled_at', type: 'timestamptz', nullable: true })
  scheduledAt!: Date | null;

  @Column({ type: 'jsonb' })
  pickup!: LocatedAddress;

  @Column({ type: 'jsonb' })
  dropoff!: LocatedAddress;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set by the one delivery that claimed the quote; cleared if its claim is released. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  /** The id of the delivery that claimed the quote. */
  @Column({ name: 'claimed_by', type: 'text', nullable: true })
  claimedBy!: string | null;

  /** An unconfirmed claim holds until then; after, the reconciler confirms or releases it. */
  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil!: Date | null;

  /** Set once the claimant's delivery is known to be committed: the quote is used for good. */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
