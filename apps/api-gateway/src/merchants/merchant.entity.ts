import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export interface MerchantAddress {
  street: string;
  city: string;
  province: string;
  postal_code: string;
  country: string;
}

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
  address!: MerchantAddress;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
