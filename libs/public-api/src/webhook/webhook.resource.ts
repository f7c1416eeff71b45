import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Webhook', description: 'An endpoint, without its secret.' })
export class WebhookResource {
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
export class WebhookWithSecretResource extends WebhookResource {
  @ApiProperty({ pattern: '^whsec_', example: 'whsec_…' })
  secret!: string;
}

@ApiSchema({ name: 'WebhookList' })
export class WebhookListResource {
  @ApiProperty({ type: WebhookResource, isArray: true })
  data!: WebhookResource[];
}

@ApiSchema({ name: 'DeletedWebhook' })
export class DeletedWebhookResource {
  @ApiProperty()
  id!: string;

  @ApiProperty({ enum: [true] })
  deleted!: true;
}

@ApiSchema({ name: 'WebhookRecovery' })
export class RecoveryResource {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many failed deliveries were queued again.' })
  queued!: number;
}
