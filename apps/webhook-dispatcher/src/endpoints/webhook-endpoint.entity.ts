import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Mode, WebhookDisabledReason } from '@sdd/contracts';

@Entity({ name: 'endpoints' })
export class WebhookEndpointEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'text' })
  mode!: Mode;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: string[];

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** The signing secret, encrypted (secret-box): it must be readable to sign, so it cannot be hashed. */
  @Column({ name: 'secret_sealed', type: 'text' })
  secretSealed!: string;

  /** The secret the last rotation replaced: it signs too, beside the new one, until it expires. */
  @Column({ name: 'previous_secret_sealed', type: 'text', nullable: true })
  previousSecretSealed!: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt!: Date | null;

  @Column({ type: 'boolean' })
  active!: boolean;

  /** When the merchant last re-enabled it (its run of failures starts afresh then). */
  @Column({ name: 'active_since', type: 'timestamptz', nullable: true })
  activeSince!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /**
   * The current run of failures (auto-disable): kept by the send path alone
   * (EndpointHealthRepository), read here for the API; an update never writes it but to end it on re-enable.
   */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince!: Date | null;

  @Column({ name: 'failing_attempts', type: 'integer', select: false })
  failingAttempts!: number;

  @Column({ name: 'failing_failures', type: 'integer', select: false })
  failingFailures!: number;

  /** When the merchant was warned of the current run (once per run). */
  @Column({ name: 'warned_at', type: 'timestamptz', nullable: true, select: false })
  warnedAt!: Date | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason!: WebhookDisabledReason | null;

  /** The merchant account's email as the gateway last gave it: where auto-disable notices go. */
  @Column({ name: 'notify_email', type: 'text', nullable: true })
  notifyEmail!: string | null;
}
