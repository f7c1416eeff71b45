import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Mode, PostalAddress, RestrictedCategory } from '@sdd/contracts';

@Entity({ name: 'pickup_locations' })
export class PickupLocationEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'text' })
  mode!: Mode;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'jsonb' })
  address!: PostalAddress;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ name: 'licensed_for', type: 'text', array: true })
  licensedFor!: RestrictedCategory[];

  @Column({ name: 'license_number', type: 'text', nullable: true })
  licenseNumber!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
