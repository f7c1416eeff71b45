import { Type } from 'class-transformer';
import { IsNumber, IsPositive, Matches } from 'class-validator';
import { BaseConfig } from '@sdd/common';

export class DeliveryServiceConfig extends BaseConfig {
  /** Where merchants and their customers reach the gateway: tracking URLs start with it. */
  @Matches(/^https?:\/\/[^/]+$/, { message: 'PUBLIC_BASE_URL must be an http(s) origin without a path' })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  /** Divides the test timeline's offsets (80 s at 1), so tests can run it in milliseconds. */
  @Type(() => Number)
  @IsNumber()
  @IsPositive()
  TIMELINE_SPEED = 1;
}
