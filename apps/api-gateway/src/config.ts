import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { BaseConfig } from '@sdd/common';

export class GatewayConfig extends BaseConfig {
  /** Public API port. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** How long the health check waits for each service's ping. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  HEALTH_TIMEOUT_MS = 2000;
}
