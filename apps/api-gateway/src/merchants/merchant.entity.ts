import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { PostalAddress } from '@sdd/contracts';

@Entity({ name: 'merchants' })
export class MerchantEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'business_name', type: 'text' })
  businessName!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'jsonb' })
  address!: PostalAddress;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
