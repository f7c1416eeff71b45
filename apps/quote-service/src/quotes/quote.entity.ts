import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Category, Mode, PackageSize, RoutePoint, Vehicle } from '@sdd/contracts';

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
  pickup!: RoutePoint;

  @Column({ type: 'jsonb' })
  dropoff!: RoutePoint;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set once, by the one delivery that used the quote. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
