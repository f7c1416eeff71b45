import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

const TARGETS = ['pending', 'driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit', 'delivered', 'failed'] as const;

@ApiSchema({ name: 'AdvanceDeliveryRequest' })
export class AdvanceDeliveryDto {
  @ApiPropertyOptional({ enum: TARGETS, description: 'Default: the next status of the test timeline. "failed" simulates a failed attempt.' })
  @IsOptional()
  @IsIn(TARGETS, { message: `must be one of: ${TARGETS.join(', ')}` })
  to?: (typeof TARGETS)[number];
}
