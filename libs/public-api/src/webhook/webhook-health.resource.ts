import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { AttemptResource } from '../event/event.resource';

@ApiSchema({ name: 'WebhookHealth', description: 'How the endpoint answered in the last 24 hours. Whether it is disabled, and why, is on the endpoint itself.' })
export class WebhookHealthResource {
  @ApiProperty()
  webhook_id!: string;

  @ApiProperty({ format: 'date-time', description: 'The start of the window: 24 hours ago.' })
  since!: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Attempts made to the endpoint since `since`: scheduled, resends and tests.' })
  attempts!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  succeeded!: number;

  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 1, description: '`succeeded / attempts`, 4 decimals; null without attempts.' })
  success_rate!: number | null;

  @ApiProperty({ type: AttemptResource, isArray: true, description: 'The latest failed attempts since `since`, newest first, at most 5.' })
  last_failures!: AttemptResource[];
}
