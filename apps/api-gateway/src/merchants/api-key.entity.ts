import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Mode } from '../auth/api-key';

/** An API key as we keep it: its hash, never the key. */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'text' })
  mode!: Mode;

  @Column({ name: 'key_hash', type: 'text' })
  keyHash!: string;

  /** The last four characters, so a merchant can tell keys apart. */
  @Column({ name: 'last4', type: 'text' })
  last4!: string;

  /** Set when the key was rolled: it keeps working until then. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  /** Set by DELETE /v1/api_keys/{id}: the key stops working at once. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** Recorded at most once a minute (LAST_USE_RESOLUTION_MS), not on every request. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
