import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A signed-in driver app: the cookie's token, kept as its hash, standing for the driver token it was exchanged for. */
@Entity({ name: 'driver_sessions' })
export class DriverSessionEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  /** The SHA-256 of the driver token: requests made with the session go to delivery-service as if made with it, so a rotated or revoked token ends them. */
  @Column({ name: 'driver_token_hash', type: 'text' })
  driverTokenHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** DRIVER_SESSION_MAX_HOURS after sign-in. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Signed out. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
