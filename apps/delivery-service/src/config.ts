import { Type } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, IsPositive, IsString, Matches, Max, Min } from 'class-validator';
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

  /**
   * Timeline steps added within this many ms of each other, on one schedule,
   * go in one job (deliveries created together move on together): a step may
   * come up to this late, and each job costs Redis the same whatever its size.
   * 0: a job per delivery.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1000)
  TIMELINE_GROUP_WINDOW_MS = 10;

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

  /** How often one replica expires offers and offers waiting live deliveries to drivers. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  DISPATCH_INTERVAL_MS = 1000;

  /** How long a driver has to accept an offer before it goes to the next driver. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  OFFER_TIMEOUT_MS = 30_000;

  /** The first search radius around the pickup, doubled every DISPATCH_WIDEN_MS up to DISPATCH_MAX_RADIUS_KM. */
  @Type(() => Number)
  @IsNumber()
  @IsPositive()
  DISPATCH_RADIUS_KM = 3;

  @Type(() => Number)
  @IsInt()
  @Min(100)
  DISPATCH_WIDEN_MS = 60_000;

  @Type(() => Number)
  @IsNumber()
  @IsPositive()
  DISPATCH_MAX_RADIUS_KM = 25;

  /** After this long without a driver, nobody more is asked: the delivery stays pending until cancelled. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  DISPATCH_DEADLINE_MS = 30 * 60_000;

  /** A live delivery still waiting for a driver this long after matching started is listed as stuck (`no_driver`) for operators. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  STUCK_UNMATCHED_MS = 10 * 60_000;

  /** A live delivery whose driver sent no position this long is listed as stuck (`driver_still`) for operators. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  STUCK_STILL_MS = 5 * 60_000;

  /** The driver's pay per completed delivery, as a percentage of the delivery fee (internal ledger). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100)
  DRIVER_PAYOUT_PERCENT = 80;

  /** How long a driver token lasts (a driver session: 30 days) before an operator must rotate it; an operator may ask for another span per rotation. */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(365 * 24 * 3600)
  DRIVER_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

  /** Recipient notifications by SMTP (e.g. smtp://user:pass@mail.example:587); unset, they are written to MAIL_OUTBOX_DIR. */
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  SMTP_FROM = 'Same-day delivery <no-reply@localhost>';

  @IsString()
  MAIL_OUTBOX_DIR = '.data/outbox-mail';

  /** How often one replica sends the recipient notifications still owed. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  NOTIFY_INTERVAL_MS = 2000;

  /** The wait after a recipient notification's first failed attempt; each next wait doubles (8 attempts in all). */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  NOTIFY_RETRY_FIRST_MS = 5000;

  /**
   * How long after a delivery ended (delivered, failed, returned, cancelled)
   * its public tracking link still shows the recipient's first name, the
   * driver and the stops' points; after that, only the statuses. 4 hours.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  TRACKING_PERSONAL_DATA_MS = 4 * 3_600_000;

  /**
   * How long an outbox event and its hand-offs are kept once every subscriber
   * has acknowledged it (one that waits is kept however old): the dispatcher
   * keeps its own copy of each event, the outbox only hands it over.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  OUTBOX_RETENTION_SECONDS = 7 * 24 * 3600;

  /** How long a sent (or abandoned) email to a recipient is kept; a pending one is kept until sent. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  NOTIFICATION_RETENTION_SECONDS = 30 * 24 * 3600;

  /** How long an answered or expired offer to a driver is kept once its delivery is finished (delivered, cancelled, failed, returned). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  OFFER_RETENTION_SECONDS = 30 * 24 * 3600;

  /** How often one replica deletes outbox events, notifications and offers past their retention. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  RETENTION_PURGE_INTERVAL_MS = 600_000;
}
