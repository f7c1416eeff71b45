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

  @ApiProperty({ description: 'false once disabled: by the merchant, or after failing for 24 hours (`disabled_reason`).' })
  active!: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description:
      'When its current run of failures began (more than 90% of its attempts failed since), null while it is not failing. ' +
      'After 12 hours the account is warned by email; after 24 hours (at least 10 attempts) it is disabled.',
  })
  failing_since!: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When it was disabled, null while active.' })
  disabled_at!: string | null;

  @ApiProperty({
    enum: ['failing', 'merchant'],
    nullable: true,
    type: String,
    description: '`failing`: disabled after failing for 24 hours; `merchant`: disabled by PATCH `active: false`. null while active.',
  })
  disabled_reason!: 'failing' | 'merchant' | null;
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
