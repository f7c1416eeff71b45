import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { MemberRole } from './member-role';

/** One of a merchant's people, who signs in to the dashboard. */
@Entity({ name: 'members' })
export class MemberEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  role!: MemberRole;

  /** scrypt (password.ts); null for a member who signs in by emailed link only. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
