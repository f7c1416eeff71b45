import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { checkWebhookTarget, parseWebhookUrl } from '../ssrf/webhook-url';

/** A webhook URL we are willing to call: https, and no address of ours or of the cloud's (SSRF). */
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
    if (!target.ok) throw AppError.invalidRequest(ErrorCode.ParameterInvalid, `Invalid url: ${target.reason}.`, 'url');
    return parsed.url.toString();
  }
}
