import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { AttemptSender } from './attempt-sender';
import { AttemptJob, AttemptQueue } from './attempt.queue';
import { EndpointNotices } from '../notices/endpoint-notices';
import { EndpointHealthRepository } from './endpoint-health.repository';
import { AttemptContext, MessageSendRepository } from './message-send.repository';
import { nextRetryDelayMs, parseRetryAfter } from './retry-schedule';

/**
 * One scheduled attempt of an event to an endpoint: send, record, and on
 * failure queue the next one of the schedule (or mark the destination failed
 * after the last), then count it into the endpoint's run of failures, which
 * may warn the merchant or disable the endpoint (auto-disable.ts). Safe to run twice for the same attempt: the second run finds it
 * recorded and only makes sure its follow-up is queued.
 */
@Injectable()
export class MakeScheduledAttemptHandler {
  private readonly logger = new Logger(MakeScheduledAttemptHandler.name);

  constructor(
    private readonly messages: MessageSendRepository,
    private readonly health: EndpointHealthRepository,
    private readonly sender: AttemptSender,
    private readonly queue: AttemptQueue,
    private readonly notices: EndpointNotices,
    @Inject(APP_CONFIG) private readonly config: WebhookDispatcherConfig,
  ) {}

  /** `known`: the destination and endpoint as just read (by the fan-out), so as not to read them again. */
  async execute(job: AttemptJob, known?: AttemptContext): Promise<void> {
    const context = known ?? (await this.messages.attemptContext(job.eventId, job.endpointId));
    // Gone with its endpoint, or settled (succeeded, failed, or a resend got through).
    if (!context || context.status !== 'pending') return;
    // A job of an earlier round (a recovery started a new one meanwhile) has nothing left to do.
    if (context.round !== (job.round ?? 0)) return;
    if (context.attemptCount >= job.number) {
      if (context.attemptCount === job.number && context.nextAttemptAt) {
        await this.queue.add([{ ...job, number: job.number + 1, at: context.nextAttemptAt }]);
      }
      return;
    }
    if (context.attemptCount !== job.number - 1) {
      this.logger.warn(`attempt ${job.number} of ${job.eventId} to ${job.endpointId} skipped: ${context.attemptCount} made so far`);
      return;
    }
    if (!context.endpoint.active) {
      await this.messages.abandonDestination(job.eventId, job.endpointId);
      return;
    }

    const outcome = await this.sender.attempt(job.eventId, context.endpoint, context.body);
    const delayMs = outcome.succeeded
      ? null
      : nextRetryDelayMs(job.number, {
          retryAfterMs: parseRetryAfter(outcome.retryAfter, outcome.createdAt),
          speed: this.config.WEBHOOK_RETRY_SPEED,
        });
    const nextRetryAt = delayMs === null ? null : new Date(outcome.createdAt.getTime() + delayMs);
    const moved = await this.messages.recordScheduledAttempt(outcome, context.round, job.number, nextRetryAt);
    if (moved && nextRetryAt) await this.queue.add([{ ...job, number: job.number + 1, at: nextRetryAt }]);
    // Counted once, by the run that recorded it. A success counts only against a run of failures: an endpoint
    // that is not failing has nothing to reset.
    if (moved && (!outcome.succeeded || context.endpoint.failing)) await this.countIntoRun(job.endpointId, { succeeded: outcome.succeeded, at: outcome.createdAt });
  }

  /** After the attempt is recorded and its follow-up queued: a count lost with the database costs one attempt of a run, never an event. */
  private async countIntoRun(endpointId: string, attempt: { succeeded: boolean; at: Date }): Promise<void> {
    const change = await this.health.countAttempt(endpointId, attempt).catch((error: Error) => {
      this.logger.warn(`attempt to ${endpointId} not counted for auto-disable: ${error.message}`);
      return undefined;
    });
    if (change) await this.notices.tell(change);
  }
}
