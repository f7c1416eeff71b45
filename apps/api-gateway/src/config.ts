import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  Validate,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { BaseConfig } from '@sdd/common';
import { trustProxyProblems } from './http/client-ip';
import { tileUrlProblems } from './tracking-page/tile-source';

@ValidatorConstraint({ name: 'trustProxyList' })
class TrustProxyList implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && trustProxyProblems(value).length === 0;
  }

  defaultMessage(args?: ValidationArguments): string {
    const problems = typeof args?.value === 'string' ? trustProxyProblems(args.value) : ['not a string'];
    return `TRUST_PROXY must be a comma-separated list of IP addresses or CIDRs (${problems.join('; ')})`;
  }
}

@ValidatorConstraint({ name: 'tileUrlTemplate' })
class TileUrlTemplate implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && tileUrlProblems(value).length === 0;
  }

  defaultMessage(args?: ValidationArguments): string {
    const problems = typeof args?.value === 'string' ? tileUrlProblems(args.value) : ['not a string'];
    return `TILE_URL must be an OpenStreetMap-compatible tile template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png (${problems.join('; ')})`;
  }
}

export class GatewayConfig extends BaseConfig {
  /** Public API port. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** The sandbox address ({sandbox_url}): the same API, test keys only. Unset: no sandbox listener. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  SANDBOX_PORT?: number;

  /** How long the health check waits for each service's ping. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  HEALTH_TIMEOUT_MS = 2000;

  /**
   * On SIGTERM, how long readiness fails before the listeners close, so load
   * balancers stop routing here first; requests arriving meanwhile are still
   * served. Must fit in the 25 s shutdown deadline.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(15_000)
  SHUTDOWN_DRAIN_MS = 5000;

  /**
   * Requests per minute per valid API key; per client IP for everything
   * without one (public routes, failed authentications, unknown routes).
   * Shared by all replicas.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE = 100;

  /**
   * How long a looked-up API key may be reused without asking Postgres again
   * (0: never). A revocation or roll reaches every replica at once over Redis
   * pub/sub; this bounds only what a lost announcement could keep alive.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(60_000)
  API_KEY_CACHE_MS = 5000;

  /**
   * Requests per minute per tracking token (the page and the status it
   * polls every 2 s): a budget of its own, so open tracking pages never use
   * up a merchant's or an IP's. 120 is four tabs open on one delivery.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  TRACKING_LIMIT_PER_MINUTE = 120;

  /** GET /v1/events/stream: open streams per merchant and gateway process; one more is refused 429 `stream_limit_exceeded`. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  EVENT_STREAM_MAX_PER_MERCHANT = 5;

  /** GET /v1/events/stream: how often each open stream asks webhook-dispatcher for new events. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  EVENT_STREAM_POLL_MS = 250;

  /**
   * The operators' credential for `/v1/ops/…` (drivers and their
   * certifications), sent as a bearer token; unset, the operator routes
   * refuse everyone. Not a merchant key: no merchant key opens them.
   */
  @IsOptional()
  @IsString()
  @MinLength(24, { message: 'OPS_API_TOKEN must be at least 24 characters' })
  OPS_API_TOKEN?: string;

  /** Registration attempts per hour per client IP, on top of the per-minute limit: probing emails stays impractical. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  REGISTRATION_LIMIT_PER_HOUR = 20;

  /**
   * The proxies (IP addresses and CIDRs, comma-separated) whose
   * X-Forwarded-For is believed. Unset: none, the socket's peer is the client.
   */
  @IsOptional()
  @Validate(TrustProxyList)
  TRUST_PROXY?: string;

  /**
   * How long an attempt holds its Idempotency-Key without renewing it (it
   * renews every third of this while it runs): a retry of an attempt that died
   * (the gateway killed mid-request) takes over once it lapses.
   */
  @Type(() => Number)
  @IsInt()
  @Min(300)
  IDEMPOTENCY_LEASE_MS = 10_000;

  /** How often one replica deletes Idempotency-Key records older than 24 hours. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  IDEMPOTENCY_PURGE_INTERVAL_MS = 3_600_000;

  /** How long the request log keeps an entry (7 days by default), then request-logs-purge.task.ts deletes it. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  REQUEST_LOG_RETENTION_SECONDS = 7 * 24 * 3600;

  /** How often one replica deletes request log entries older than REQUEST_LOG_RETENTION_SECONDS. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  REQUEST_LOG_PURGE_INTERVAL_MS = 600_000;

  /**
   * The gateway's wait for a bus reply (patterns with a timeout of their own
   * aside): under the 2 s in which every request is answered, 503 with
   * Retry-After included, and its deadline travels with the request, so the
   * service drops or does not commit work nobody waits for.
   */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  override BUS_TIMEOUT_MS = 1500;

  /**
   * Load shedding (docs/api.md, "Overload"): past any of these bounds a
   * request is answered 503 with Retry-After at once instead of queued. HTTP
   * requests being served (ops port excluded).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOAD_SHED_MAX_IN_FLIGHT = 100;

  /** Bus requests waiting for one service's reply. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOAD_SHED_MAX_BUS_PENDING = 100;

  /** How long the oldest bus request still waiting for its reply may have waited (patterns slow by design aside). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOAD_SHED_MAX_BUS_WAIT_MS = 750;

  /** Mean event-loop delay over the last half second, in ms. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS = 200;

  /** Where the public reaches this API: signed photo URLs of the local store point here. */
  @Matches(/^https?:\/\/[^/]+$/, { message: 'PUBLIC_BASE_URL must be an http(s) origin without a path' })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  /** Where proof-of-delivery photos are kept: `disk` (PROOF_PHOTO_DIR, served by the gateway) or `s3` (an S3-compatible bucket, S3_*). */
  @IsIn(['disk', 's3'])
  PROOF_PHOTO_STORE: 'disk' | 's3' = 'disk';

  /** The local store's directory; every gateway replica must see the same one (a shared volume), or use `s3`. */
  @IsString()
  PROOF_PHOTO_DIR = '.data/proof-photos';

  /**
   * Signs the local store's photo URLs. Every replica needs the same one;
   * unset, each process makes its own, and a URL signed by one replica is
   * refused by another.
   */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'PROOF_URL_SECRET must be at least 32 characters' })
  PROOF_URL_SECRET?: string;

  /** How long a photo URL from GET /v1/deliveries/{id}/proof stays valid. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(604_800)
  PROOF_URL_TTL_SECONDS = 900;

  /** The S3-compatible store (PROOF_PHOTO_STORE=s3), addressed path-style: `https://s3.ca-central-1.amazonaws.com`, `http://minio:9000`. */
  @ValidateIf((config: GatewayConfig) => config.PROOF_PHOTO_STORE === 's3' || config.S3_ENDPOINT !== undefined)
  @Matches(/^https?:\/\/[^/?#]+(\/[^?#]*)?$/, { message: 'S3_ENDPOINT must be an http(s) URL (required with PROOF_PHOTO_STORE=s3)' })
  S3_ENDPOINT?: string;

  @IsString()
  S3_REGION = 'us-east-1';

  @ValidateIf((config: GatewayConfig) => config.PROOF_PHOTO_STORE === 's3')
  @IsString()
  @IsNotEmpty({ message: 'S3_BUCKET is required with PROOF_PHOTO_STORE=s3' })
  S3_BUCKET?: string;

  @ValidateIf((config: GatewayConfig) => config.PROOF_PHOTO_STORE === 's3')
  @IsString()
  @IsNotEmpty({ message: 'S3_ACCESS_KEY_ID is required with PROOF_PHOTO_STORE=s3' })
  S3_ACCESS_KEY_ID?: string;

  @ValidateIf((config: GatewayConfig) => config.PROOF_PHOTO_STORE === 's3')
  @IsString()
  @IsNotEmpty({ message: 'S3_SECRET_ACCESS_KEY is required with PROOF_PHOTO_STORE=s3' })
  S3_SECRET_ACCESS_KEY?: string;
  /** A dashboard session ends after this long without a request (docs/api.md, "Dashboard accounts and sessions"). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  DASHBOARD_SESSION_IDLE_MINUTES = 720;

  /** A dashboard session ends this long after sign-in, however active: the cookie's Max-Age. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24 * 90)
  DASHBOARD_SESSION_MAX_HOURS = 168;

  /** A driver app session (POST /v1/driver/sessions) ends this long after sign-in, about a shift: the cookie's Max-Age. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24 * 7)
  DRIVER_SESSION_MAX_HOURS = 12;

  /** An ended driver app session (expired or signed out) is kept this long, then deleted (expired-driver-sessions-purge.task.ts). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  DRIVER_SESSION_RETENTION_SECONDS = 7 * 24 * 3600;

  /** How often one replica deletes the driver app sessions ended longer ago than DRIVER_SESSION_RETENTION_SECONDS. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  DRIVER_SESSION_PURGE_INTERVAL_MS = 3_600_000;
  /** An operator console session (POST /v1/ops/sessions) ends this long after sign-in, about a shift in the control room: the cookie's Max-Age. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24)
  OPS_SESSION_MAX_HOURS = 8;

  /** Sign-in attempts (password or link) per email address per 15 minutes, shared by all replicas. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  DASHBOARD_SIGN_IN_ATTEMPTS_PER_EMAIL = 10;

  /** Sign-in attempts per client IP per 15 minutes: guessing across many emails from one address is limited too. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  DASHBOARD_SIGN_IN_ATTEMPTS_PER_IP = 100;

  /** Sign-in links and invitations by SMTP (e.g. smtp://user:pass@mail.example:587); unset, they are written to MAIL_OUTBOX_DIR. */
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  SMTP_FROM = 'Same-day delivery <no-reply@localhost>';

  @IsString()
  MAIL_OUTBOX_DIR = '.data/outbox-mail';

  /**
   * The map tiles of the tracking page and of the dashboard's delivery page: an OpenStreetMap-compatible template
   * (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`; `{s}.` as the host's
   * first label for subdomains, `{r}` for retina). Its host is the only one the
   * pages' CSPs let images come from. Unset: no map, the schematic.
   */
  @IsOptional()
  @Validate(TileUrlTemplate)
  TILE_URL?: string;

  /** The credit the tile source requires, shown as text in the map's corner. */
  @IsString()
  @MaxLength(300)
  TILE_ATTRIBUTION = '© OpenStreetMap contributors';
}
