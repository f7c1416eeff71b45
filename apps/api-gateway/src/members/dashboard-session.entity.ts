import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A signed-in browser: the cookie's token, kept as its hash. */
@Entity({ name: 'dashboard_sessions' })
export class DashboardSessionEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'member_id', type: 'text' })
  memberId!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Moved forward as the session is used (at most once a minute); idle past DASHBOARD_SESSION_IDLE_MINUTES, it ends. */
  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  /** The absolute end, DASHBOARD_SESSION_MAX_HOURS after sign-in, however active. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Signed out (this session, or everywhere). */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
