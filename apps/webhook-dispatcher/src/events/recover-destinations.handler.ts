import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, ErrorType, parseRecoverySince, RecoverWebhookRequest, RecoveryRecord } from '@sdd/contracts';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { AttemptQueue } from '../dispatch/attempt.queue';
import { EndpointHealthRepository } from '../dispatch/endpoint-health.repository';
import { ScopedEndpointRepository } from '../endpoints/scoped-endpoint.repository';

/**
 * Sends again every destination at one endpoint that failed for good (all its
 * attempts used) for events created since a time: each starts the retry
 * schedule over as a new round. They are marked pending in one statement
 * before anything is queued, so a second recovery finds none of them, and a
 * job Redis loses is queued again by the sweep.
 */
@Injectable()
export class RecoverDestinationsHandler {
  constructor(
    private readonly health: EndpointHealthRepository,
    private readonly queue: AttemptQueue,
    private readonly endpoints: ScopedEndpointRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, webhookId, since }: RecoverWebhookRequest): Promise<RecoveryRecord> {
    const now = this.clock.now();
    const parsed = parseRecoverySince(since, now);
    if ('error' in parsed) throw AppError.invalidRequest(ErrorCode.ParameterInvalid, `since ${parsed.error}.`, 'since');
    const endpoint = await this.endpoints.get(scope, webhookId);
    // Its attempts would only be abandoned again: the merchant re-enables it first.
    if (!endpoint.active) {
      throw new AppError(409, ErrorType.InvalidRequest, ErrorCode.WebhookDisabled, 'The webhook is disabled: re-enable it (PATCH active: true), then recover.');
    }
    const recovered = await this.health.recoverFailed(endpoint.id, parsed.since, now);
    await this.queue.add(recovered.map(({ eventId, round }) => ({ eventId, endpointId: endpoint.id, number: 1, round })));
    return { queued: recovered.length };
  }
}
