import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryEvent, DeliveryEventReceipt, EventType } from '@sdd/contracts';
import { acceptedDeliveryEvents } from '@sdd/bus';
import { Clock, CLOCK } from '@sdd/common';
import { PreparedStatement, preparedStatement, runPrepared, scopeMatches } from '@sdd/persistence';

/** Each quote confirmed for the delivery that holds it (found by its primary key: see scopeMatches), or takes it back for that delivery when an earlier, failed attempt of it released it meanwhile. */
export const CONFIRM_CLAIMS = `UPDATE {schema}.quotes q
  SET used_at = COALESCE(q.used_at, $5), claimed_by = c.claimant, claimed_until = NULL, confirmed_at = COALESCE(q.confirmed_at, $5)
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS c(quote_id, merchant_id, mode, claimant)
  WHERE q.id = c.quote_id AND ${scopeMatches('q', 'c.merchant_id', 'c.mode')} AND (q.claimed_by = c.claimant OR q.used_at IS NULL)
  RETURNING q.id`;

/**
 * Takes `delivery.created` from delivery-service's outbox and confirms the
 * claim of each delivery's quote, a batch in one statement: the delivery is
 * written, so its quote is used for good. This replaces a confirmation
 * request per creation; the outbox offers it until it is acknowledged, so it
 * is not lost, and confirming twice changes nothing. A quote another delivery
 * holds cannot be confirmed for this one: logged and acknowledged, as no
 * later offer would change that.
 */
@Injectable()
export class ConfirmCreatedDeliveriesHandler {
  private readonly logger = new Logger(ConfirmCreatedDeliveriesHandler.name);
  private readonly confirmClaims: PreparedStatement;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.confirmClaims = preparedStatement(dataSource, 'confirm-created-deliveries', CONFIRM_CLAIMS);
  }

  async execute(payload: unknown): Promise<DeliveryEventReceipt> {
    const events = acceptedDeliveryEvents(payload, this.logger);
    const created: Array<{ event: DeliveryEvent; quoteId: string }> = [];
    const acknowledged: string[] = [];
    for (const event of events) {
      if (event.type !== EventType.DeliveryCreated) acknowledged.push(event.id);
      else if (typeof event.data.quote_id === 'string') created.push({ event, quoteId: event.data.quote_id });
      else this.logger.error(`refused delivery event ${event.id}: invalid data.quote_id`);
    }
    if (created.length > 0) {
      const confirmed = await runPrepared<{ id: string }>(this.dataSource, this.confirmClaims, [
        created.map(({ quoteId }) => quoteId),
        created.map(({ event }) => event.merchant_id),
        created.map(({ event }) => event.data.mode),
        created.map(({ event }) => event.delivery_id),
        this.clock.now(),
      ]);
      const done = new Set(confirmed.map((row) => row.id));
      for (const { event, quoteId } of created) {
        if (!done.has(quoteId)) this.logger.error(`quote ${quoteId} not confirmed for delivery ${event.delivery_id}: no such quote, or another delivery holds it`);
        acknowledged.push(event.id);
      }
    }
    return { acknowledged };
  }
}
