import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CertificationKind, CertificationStatus, Province } from '@sdd/contracts';

/** One certification of one driver in one province (liquor service, cannabis retail). */
@Entity({ name: 'driver_certifications' })
export class DriverCertificationEntity {
  @PrimaryColumn({ name: 'driver_id', type: 'text' })
  driverId!: string;

  @PrimaryColumn({ type: 'text' })
  kind!: CertificationKind;

  @PrimaryColumn({ type: 'text' })
  province!: Province;

  @Column({ type: 'text' })
  status!: CertificationStatus;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
