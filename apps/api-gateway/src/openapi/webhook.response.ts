import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CreatedWebhookView, RecoveryView, WebhookView } from '@sdd/contracts';

// Each class implements the contract type its route returns, so a field added
// to a response without being documented here breaks the build.

@ApiSchema({ name: 'Webhook', description: 'An endpoint, without its secret.' })
export class WebhookResponse implements WebhookView {
  @ApiProperty()
  id!: string;

  @ApiProperty({ format: 'uri', example: 'https://example.com/hooks' })
  url!: string;

  @ApiProperty({ type: String, isArray: true, description: 'Event types, or `["*"]` for all.', example: ['*'] })
  events!: string[];

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ description: 'false once disabled (by the merchant or after failing for good).' })
  active!: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'WebhookWithSecret', description: 'The endpoint with its signing secret, shown only in this response.' })
export class CreatedWebhookResponse extends WebhookResponse implements CreatedWebhookView {
  @ApiProperty({ pattern: '^whsec_', example: 'whsec_…' })
  secret!: string;
}

@ApiSchema({ name: 'WebhookList' })
export class WebhookListResponse {
  @ApiProperty({ type: WebhookResponse, isArray: true })
  data!: WebhookResponse[];
}

@ApiSchema({ name: 'DeletedWebhook' })
export class DeletedWebhookResponse {
  @ApiProperty()
  id!: string;

  @ApiProperty({ enum: [true] })
  deleted!: true;
}

@ApiSchema({ name: 'WebhookRecovery' })
export class RecoveryResponse implements RecoveryView {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many failed deliveries were queued again.' })
  queued!: number;
}
