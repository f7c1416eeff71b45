import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A signed-in operator console: the cookie's token, kept as its hash. */
@Entity({ name: 'ops_sessions' })
export class OpsSessionEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** OPS_SESSION_MAX_HOURS after sign-in. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Signed out. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
