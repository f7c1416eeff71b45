import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { MemberRole } from './member-role';

export type MemberTokenPurpose = 'sign_in' | 'invitation';

/** A one-use token mailed to a person: a sign-in link, or an invitation to join a team with a role. */
@Entity({ name: 'member_tokens' })
export class MemberTokenEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ type: 'text' })
  purpose!: MemberTokenPurpose;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'text' })
  email!: string;

  /** The role an invitation grants; null for a sign-in link. */
  @Column({ type: 'text', nullable: true })
  role!: MemberRole | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
