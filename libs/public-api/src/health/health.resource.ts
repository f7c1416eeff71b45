import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Health', description: 'GET /v1/health answers only this; per-service detail stays on the internal health endpoints.' })
export class HealthResource {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';
}
