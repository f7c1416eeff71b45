import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { DriverStatus, Province, Vehicle } from '@sdd/contracts';

@Entity({ name: 'drivers' })
export class DriverEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'text' })
  vehicle!: Vehicle;

  @Column({ name: 'home_province', type: 'text' })
  homeProvince!: Province;

  /** SHA-256 of the driver's API token: the token itself is shown once and never kept. */
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  /** Past this instant the token fails (401 driver_token_expired) until an operator rotates it. */
  @Column({ name: 'token_expires_at', type: 'timestamptz' })
  tokenExpiresAt!: Date;

  /** active; deactivated (cannot go online until reactivated); revoked (for good: the token fails, the driver leaves the list). */
  @Column({ type: 'text' })
  status!: DriverStatus;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ type: 'boolean' })
  online!: boolean;

  @Column({ type: 'double precision', nullable: true })
  lat!: number | null;

  @Column({ type: 'double precision', nullable: true })
  lng!: number | null;

  @Column({ name: 'located_at', type: 'timestamptz', nullable: true })
  locatedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
