import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG, MAILER, Mailer } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { EndpointHealthRepository, HealthChange } from '../dispatch/endpoint-health.repository';
import { endpointNotice } from './endpoint-notice';

/**
 * Tells the merchant of a step of auto-disable, by email to the account's
 * address. The step is recorded before the mail goes (once per run); a
 * warning that could not be sent is marked unsent again, so the next failed
 * attempt sends it (and the endpoint is not disabled unwarned meanwhile).
 */
@Injectable()
export class EndpointNotices {
  private readonly logger = new Logger(EndpointNotices.name);

  constructor(
    private readonly health: EndpointHealthRepository,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: WebhookDispatcherConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async tell(change: HealthChange): Promise<void> {
    const { endpoint, run } = change;
    const { failures, attempts } = run;
    this.logger.warn(`webhook ${endpoint.id} ${change.kind}: failing since ${run.failingSince?.toISOString()}, ${failures} of ${attempts} attempts failed`);
    // Endpoints registered before the gateway passed the account's email have none until their next change.
    if (!endpoint.notifyEmail) {
      this.logger.warn(`webhook ${endpoint.id}: no account email to send the ${change.kind} notice to`);
      return;
    }
    try {
      await this.mailer.send(endpointNotice(change, endpoint.notifyEmail, this.clock.now(), this.config.autoDisableThresholds()));
    } catch (error) {
      this.logger.warn(`webhook ${endpoint.id}: ${change.kind} notice not sent: ${(error as Error).message}`);
      if (change.kind === 'warned' && run.failingSince) await this.health.unmarkWarned(endpoint.id, run.failingSince);
    }
  }
}
