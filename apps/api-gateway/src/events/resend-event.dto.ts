import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

@ApiSchema({ name: 'ResendEventRequest' })
export class ResendEventDto {
  @ApiProperty({ description: 'The endpoint to send the event to (one of yours, in this mode).', example: 'wh_4fJ0aQ9' })
  @IsString()
  @Matches(/^wh_[0-9A-Za-z]{1,100}$/, { message: 'must be a webhook id (wh_…)' })
  webhook_id!: string;
}
