import { IsOptional, IsString, Matches } from 'class-validator';
import { BaseConfig } from '@sdd/common';

export class WebhookDispatcherConfig extends BaseConfig {
  /** Hosts exempt from the SSRF guard (comma-separated), for local development and tests only. */
  @IsOptional()
  @IsString()
  WEBHOOK_ALLOWED_HOSTS = '';

  /**
   * Key (base64, 32 bytes) that encrypts webhook signing secrets at rest: they
   * must be readable to sign, so they cannot be hashed like API keys. Unset:
   * a fixed development key, refused when NODE_ENV is production.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'WEBHOOK_SECRETS_KEY must be 32 bytes in base64' })
  WEBHOOK_SECRETS_KEY?: string;

  allowedHosts(): ReadonlySet<string> {
    return new Set(
      this.WEBHOOK_ALLOWED_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    );
  }
}
