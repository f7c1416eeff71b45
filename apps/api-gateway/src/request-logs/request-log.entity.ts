import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Mode } from '@sdd/contracts';

/** One API request of a merchant in one mode, as the request log keeps it (REQUEST_LOG_RETENTION_SECONDS, 7 days): bodies redacted (body-redaction.ts). */
@Entity({ name: 'request_logs' })
export class RequestLogEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'text' })
  mode!: Mode;

  @Column({ type: 'text' })
  method!: string;

  /** The path with its query, credential-like parameters redacted (redactUrl). */
  @Column({ type: 'text' })
  path!: string;

  @Column({ type: 'integer' })
  status!: number;

  /** The X-Request-Id the gateway answered with. */
  @Column({ name: 'request_id', type: 'text' })
  requestId!: string;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey!: string | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  /** The caller: an API key's last four characters, or the member of a dashboard session. */
  @Column({ name: 'api_key_last4', type: 'text', nullable: true })
  apiKeyLast4!: string | null;

  @Column({ name: 'member_id', type: 'text', nullable: true })
  memberId!: string | null;

  /** The few headers kept (REQUEST_HEADERS_KEPT, RESPONSE_HEADERS_KEPT), none of them a credential. */
  @Column({ name: 'request_headers', type: 'jsonb' })
  requestHeaders!: Record<string, string>;

  @Column({ name: 'response_headers', type: 'jsonb' })
  responseHeaders!: Record<string, string>;

  @Column({ name: 'request_body', type: 'text', nullable: true })
  requestBody!: string | null;

  @Column({ name: 'request_body_truncated', type: 'boolean' })
  requestBodyTruncated!: boolean;

  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody!: string | null;

  @Column({ name: 'response_body_truncated', type: 'boolean' })
  responseBodyTruncated!: boolean;

  /** When the request came in. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
