import { Type } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, IsPositive, IsString, Matches, Max, Min, ValidateBy } from 'class-validator';
import { BaseConfig } from '@sdd/common';
import { AUTO_DISABLE_AFTER_MS, AUTO_DISABLE_WARN_AFTER_MS, AutoDisableThresholds } from './dispatch/auto-disable';

const KEY = /^[A-Za-z0-9+/]{43}=$/;
const KEY_LIST = /^\s*[A-Za-z0-9+/]{43}=\s*(,\s*[A-Za-z0-9+/]{43}=\s*)*,?\s*$/;

const hostList = (value: string): string[] =>
  value
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);

/**
 * An exemption from the SSRF guard is for a developer's machine or a test
 * run: in production it would let anyone who can register a webhook reach
 * the named host, so the dispatcher refuses to start with one.
 */
function NoHostsInProduction(): PropertyDecorator {
  return ValidateBy({
    name: 'noHostsInProduction',
    validator: {
      validate: (value: unknown, args) => (args?.object as { NODE_ENV?: string }).NODE_ENV !== 'production' || (typeof value === 'string' && hostList(value).length === 0),
      defaultMessage: () => 'must be empty when NODE_ENV is production (it exempts hosts from the SSRF guard, for development and tests only)',
    },
  });
}

/** The merchant is told before an endpoint is disabled: the warning must come strictly before. */
function WarnedFirst(): PropertyDecorator {
  return ValidateBy({
    name: 'warnedFirst',
    validator: {
      validate: (value: unknown, args) => typeof value === 'number' && value > Number((args?.object as { WEBHOOK_WARN_AFTER_MS?: unknown }).WEBHOOK_WARN_AFTER_MS),
      defaultMessage: () => 'must be greater than WEBHOOK_WARN_AFTER_MS (the merchant is warned before the endpoint is disabled)',
    },
  });
}

export class WebhookDispatcherConfig extends BaseConfig {
  /** Hosts exempt from the SSRF guard (comma-separated), for local development and tests only; refused in production. */
  @IsOptional()
  @IsString()
  @NoHostsInProduction()
  WEBHOOK_ALLOWED_HOSTS = '';

  /**
   * Key (base64, 32 bytes) that seals webhook signing secrets at rest: they
   * must be readable to sign, so they cannot be hashed like API keys. Always
   * required: `npm start` and `npm test` generate one under .data/.
   */
  @Matches(KEY, { message: 'WEBHOOK_SECRETS_KEY must be 32 bytes in base64' })
  WEBHOOK_SECRETS_KEY!: string;

  /**
   * Keys that sealed secrets before the current one (comma-separated base64):
   * values sealed with them still open; new ones take WEBHOOK_SECRETS_KEY.
   */
  @IsOptional()
  @Matches(KEY_LIST, { message: 'WEBHOOK_SECRETS_OLD_KEYS must be a comma list of 32-byte base64 keys' })
  WEBHOOK_SECRETS_OLD_KEYS?: string;

  /**
   * Time-scale of the retry schedule, like TIMELINE_SPEED: 600 turns 1 min
   * into 100 ms so tests can watch every retry. 1 in production.
   */
  @Type(() => Number)
  @IsNumber()
  @IsPositive()
  WEBHOOK_RETRY_SPEED = 1;

  /** Webhook requests in flight at once in one replica (mostly waiting on merchants' servers). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  WEBHOOK_CONCURRENCY = 100;

  /** How often one replica looks for message destinations whose next attempt is overdue with no job to run it. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  WEBHOOK_SWEEP_INTERVAL_MS = 60_000;

  /** How overdue a pending attempt must be before the sweep queues it again (a backlog is not a loss). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  WEBHOOK_SWEEP_GRACE_MS = 300_000;

  /**
   * How long an endpoint's run of failures lasts before the merchant is warned
   * by email (decisions.md: 12 h), and before it is disabled (24 h). Tests
   * shorten both; the warning must come first.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  WEBHOOK_WARN_AFTER_MS = AUTO_DISABLE_WARN_AFTER_MS;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @WarnedFirst()
  WEBHOOK_DISABLE_AFTER_MS = AUTO_DISABLE_AFTER_MS;

  /** Auto-disable notices to merchants by SMTP (e.g. smtp://user:pass@mail.example:587); unset, they are written to MAIL_OUTBOX_DIR. */
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  SMTP_FROM = 'Same-day delivery <no-reply@localhost>';

  @IsString()
  MAIL_OUTBOX_DIR = '.data/outbox-mail';

  autoDisableThresholds(): AutoDisableThresholds {
    return { warnAfterMs: this.WEBHOOK_WARN_AFTER_MS, disableAfterMs: this.WEBHOOK_DISABLE_AFTER_MS };
  }

  /**
   * How long an event, its destinations and their attempts are kept (GET
   * /v1/events, resend): 30 days. An event that still waits for an attempt is
   * kept, and one that failed for good is kept for the 7 days recover allows
   * even when this is shorter.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  WEBHOOK_EVENT_RETENTION_SECONDS = 30 * 24 * 3600;

  /** How often one replica deletes events past their retention. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  RETENTION_PURGE_INTERVAL_MS = 600_000;

  allowedHosts(): ReadonlySet<string> {
    return new Set(hostList(this.WEBHOOK_ALLOWED_HOSTS));
  }
}
