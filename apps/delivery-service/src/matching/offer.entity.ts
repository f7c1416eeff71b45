import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { OfferStatus } from '@sdd/contracts';

/** A delivery offered to one driver until it expires; one open offer per delivery and per driver. */
@Entity({ name: 'offers' })
export class OfferEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'text' })
  deliveryId!: string;

  @Column({ name: 'driver_id', type: 'text' })
  driverId!: string;

  @Column({ type: 'text' })
  status!: OfferStatus;

  /** From the driver to the pickup when offered. */
  @Column({ name: 'distance_km', type: 'double precision' })
  distanceKm!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'responded_at', type: 'timestamptz', nullable: true })
  respondedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
