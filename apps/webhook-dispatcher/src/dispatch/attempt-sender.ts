import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { WEBHOOK_TIMEOUT_MS } from './attempt-limits';
import { Clock, CLOCK, Metrics, newId } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { signPayload } from '@sdd/signing';
import { WebhookDispatcherConfig } from '../config';
import { SecretBox } from '../endpoints/secret-box';
import { SealedSecrets, signingSecrets } from '../endpoints/signing-secrets';
import { checkWebhookTarget, parseWebhookUrl } from '../ssrf/webhook-url';
import { AttemptRecord } from './attempt.entity';
import { WebhookSender } from './webhook-sender';

/** What one attempt did, ready to record, plus what the receiver asked of the next one. */
export interface AttemptOutcome extends AttemptRecord {
  retryAfter: string | undefined;
}

/** Decrypted secrets kept in memory: decrypting per request would cost more than the HMAC. */
const SECRET_CACHE_SIZE = 1000;

/**
 * Makes one attempt of an event to an endpoint: the SSRF guard again (DNS may
 * have changed since registration), a fresh signature, the request pinned to
 * the addresses the guard vetted, and the outcome measured.
 */
@Injectable()
export class AttemptSender implements OnApplicationShutdown {
  private readonly box: SecretBox;
  private readonly allowedHosts: ReadonlySet<string>;
  private readonly secrets = new Map<string, string>();
  private readonly http = new WebhookSender();

  constructor(
    @Inject(APP_CONFIG) config: WebhookDispatcherConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.box = SecretBox.fromConfig(config);
    this.allowedHosts = config.allowedHosts();
  }

  /** After the workers stopped: closing the agent under a running request would record a false failure. */
  onApplicationShutdown(): void {
    this.http.close();
  }

  /** `body`: the exact bytes to sign and send; a Buffer shared by an event's endpoints is encoded once, not once per attempt. */
  async attempt(eventId: string, endpoint: { id: string; url: string } & SealedSecrets, body: string | Buffer): Promise<AttemptOutcome> {
    const base = { id: newId('att'), eventId, endpointId: endpoint.id, createdAt: this.clock.now() };
    const refused = (reason: string): AttemptOutcome => {
      Metrics.webhookAttempts.inc({ outcome: 'blocked' });
      return { ...base, succeeded: false, statusCode: null, durationMs: 0, error: `url refused: ${reason}`, responseBodyExcerpt: null, retryAfter: undefined };
    };

    const parsed = parseWebhookUrl(endpoint.url, this.allowedHosts);
    if ('error' in parsed) return refused(parsed.error);
    const target = await checkWebhookTarget(parsed.url, { allowedHosts: this.allowedHosts });
    if (!target.ok) return refused(target.reason);

    const now = this.clock.now();
    const timestamp = Math.floor(now.getTime() / 1000);
    const secrets = signingSecrets(endpoint, now).map((sealed) => this.secretOf(sealed, endpoint.id));
    const response = await this.http.send({
      url: endpoint.url,
      body,
      signature: signPayload(secrets, body, timestamp),
      addresses: target.addresses,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    });
    const succeeded = response.error === null && response.statusCode !== null && response.statusCode >= 200 && response.statusCode < 300;
    Metrics.webhookAttempts.inc({ outcome: succeeded ? 'delivered' : response.statusCode === null ? 'unreachable' : 'rejected' });
    return {
      ...base,
      succeeded,
      statusCode: response.statusCode,
      durationMs: response.durationMs,
      error: response.error,
      responseBodyExcerpt: response.bodyExcerpt,
      retryAfter: response.retryAfter,
    };
  }

  private secretOf(sealed: string, endpointId: string): string {
    // Keyed by the endpoint too: the same sealed value must not open for another endpoint from the cache.
    const cacheKey = `${endpointId} ${sealed}`;
    let secret = this.secrets.get(cacheKey);
    if (secret === undefined) {
      if (this.secrets.size >= SECRET_CACHE_SIZE) this.secrets.clear();
      secret = this.box.open(sealed, endpointId);
      this.secrets.set(cacheKey, secret);
    }
    return secret;
  }
}
