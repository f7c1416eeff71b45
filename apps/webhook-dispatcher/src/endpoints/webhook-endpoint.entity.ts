import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Mode } from '@sdd/contracts';

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

  /** Set when the merchant re-enables it: failures from before no longer count towards auto-disable. */
  @Column({ name: 'active_since', type: 'timestamptz', nullable: true })
  activeSince!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
