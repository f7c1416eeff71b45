import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { PublicHealthController } from '../health/public-health.controller';

/** Implements what the controller returns, so the two cannot drift apart. */
type Health = Awaited<ReturnType<PublicHealthController['health']>>;

@ApiSchema({ name: 'Health' })
export class HealthResponse implements Health {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';
}
