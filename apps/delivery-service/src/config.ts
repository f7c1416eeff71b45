import { Type } from 'class-transformer';
import { IsInt, IsNumber, IsPositive, Matches, Min } from 'class-validator';
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

  /** A subscriber whose oldest unacknowledged event is older than this is reported as a warning. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  OUTBOX_LAG_WARN_MS = 30_000;

  /** How often one replica looks for test deliveries whose next timeline step is overdue. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  TIMELINE_RECONCILE_INTERVAL_MS = 15_000;

  /** How late a timeline step must be before the reconciler schedules it again (its job was lost or parked). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  TIMELINE_RECONCILE_GRACE_MS = 30_000;
}
