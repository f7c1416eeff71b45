import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

@ApiSchema({ name: 'RecoverWebhookRequest' })
export class RecoverWebhookDto {
  @ApiProperty({
    format: 'date-time',
    example: '2026-11-23T10:00:00Z',
    description: 'Failed deliveries of events created at or after this time are sent again; at most 7 days ago, not in the future.',
  })
  @IsString()
  @MaxLength(64)
  since!: string;
}
