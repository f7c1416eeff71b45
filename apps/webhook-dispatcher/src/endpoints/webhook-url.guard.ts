import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { checkWebhookTarget, DOES_NOT_RESOLVE, parseWebhookUrl } from '../ssrf/webhook-url';

/**
 * A webhook URL we are willing to call: https, and no address of ours or of
 * the cloud's (SSRF). A name that does not resolve yet is accepted, as Stripe
 * does (the merchant's DNS may not be set up); every attempt checks it again.
 */
@Injectable()
export class WebhookUrlGuard {
  private readonly allowedHosts: ReadonlySet<string>;

  constructor(@Inject(APP_CONFIG) config: WebhookDispatcherConfig) {
    this.allowedHosts = config.allowedHosts();
  }

  async assertAllowed(raw: string): Promise<string> {
    const parsed = parseWebhookUrl(raw, this.allowedHosts);
    if ('error' in parsed) throw AppError.invalidRequest(ErrorCode.ParameterInvalid, `Invalid url: ${parsed.error}.`, 'url');
    const target = await checkWebhookTarget(parsed.url, { allowedHosts: this.allowedHosts });
    if (!target.ok && target.reason !== DOES_NOT_RESOLVE) throw AppError.invalidRequest(ErrorCode.ParameterInvalid, `Invalid url: ${target.reason}.`, 'url');
    return parsed.url.toString();
  }
}
