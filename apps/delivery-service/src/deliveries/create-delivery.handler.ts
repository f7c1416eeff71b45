import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { firstValueFrom } from 'rxjs';
import { DataSource, Repository } from 'typeorm';
import {
  ClaimedQuote,
  CreateDeliveryRequest,
  CreatedDeliveryView,
  EventType,
  Pattern,
  PeekedQuote,
  QuoteRef,
} from '@sdd/contracts';
import { Clock, CLOCK, newId, randomToken } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { PickupLocationEntity } from '../locations/pickup-location.entity';
import { appendEvent } from '../outbox/append-event';
import { categoryMismatch, checkoutNotPaid, missingCheckout, pickupNotLicensed } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { presentDelivery } from './delivery.presenter';
import { isRestricted, isSamePlace } from './pickup-licence';
import { simulatedTimeline } from './test-timeline';
import { TimelineQueue } from './timeline.queue';
import { OutboxRelay } from '../outbox/outbox-relay';

/**
 * Creates a delivery from a quote. Everything that can refuse the delivery is
 * checked before the quote is claimed, so a refusal leaves the quote usable;
 * if the delivery cannot be written after the claim, the quote is released.
 */
@Injectable()
export class CreateDeliveryHandler {
  private readonly logger = new Logger(CreateDeliveryHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(PickupLocationEntity) private readonly locations: Repository<PickupLocationEntity>,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly timeline: TimelineQueue,
    private readonly relay: OutboxRelay,
  ) {}

  async execute(request: CreateDeliveryRequest): Promise<CreatedDeliveryView> {
    if (request.scope.mode === 'live') {
      // Payments arrive with their own issue: until a checkout can be paid, no live delivery can be funded.
      throw request.checkout_id ? checkoutNotPaid() : missingCheckout();
    }
    const ref: QuoteRef = { scope: request.scope, quoteId: request.quote_id };
    const quote = await firstValueFrom(this.bus.send<PeekedQuote>(Pattern.PeekQuote, ref));
    if (request.category && request.category !== quote.category) throw categoryMismatch(quote.category, request.category);
    if (isRestricted(quote.category)) await this.assertLicensedPickup(request, quote);

    const claimed = await firstValueFrom(this.bus.send<ClaimedQuote>(Pattern.ClaimQuote, ref));
    let created: CreatedDeliveryView;
    try {
      created = await this.write(request, claimed);
    } catch (error) {
      await firstValueFrom(this.bus.send(Pattern.ReleaseQuote, ref)).catch((releaseError: Error) =>
        this.logger.error(`quote ${ref.quoteId} stays claimed without a delivery: ${releaseError.message}`),
      );
      throw error;
    }
    this.relay.poke();
    await this.scheduleTimeline(created);
    return created;
  }

  /**
   * After the commit: a job for a delivery that was never written would be
   * worse than a delivery whose steps must be rescheduled. The job ids are
   * deterministic, so scheduling again is harmless.
   */
  private async scheduleTimeline(delivery: CreatedDeliveryView): Promise<void> {
    const startAt = new Date(delivery.scheduled_at ?? delivery.created_at);
    await this.timeline.schedule(delivery.id, startAt, this.clock.now()).catch((error: Error) =>
      this.logger.error(`timeline of ${delivery.id} not scheduled: ${error.message}`),
    );
  }

  private async assertLicensedPickup(request: CreateDeliveryRequest, quote: PeekedQuote): Promise<void> {
    const licensed = await this.locations
      .createQueryBuilder('l')
      .where('l.merchant_id = :merchantId AND l.mode = :mode', request.scope)
      .andWhere(':category = ANY(l.licensed_for)', { category: quote.category })
      .getMany();
    if (!licensed.some((location) => isSamePlace(quote.pickup, location.address))) throw pickupNotLicensed(quote.category);
  }

  private async write(request: CreateDeliveryRequest, quote: ClaimedQuote): Promise<CreatedDeliveryView> {
    const now = this.clock.now();
    const scheduledAt = quote.scheduled_at ? new Date(quote.scheduled_at) : null;
    const timeline = simulatedTimeline(scheduledAt ?? now, this.config.TIMELINE_SPEED);
    const delivery = Object.assign(new DeliveryEntity(), {
      id: newId(request.scope.mode === 'test' ? 'del_test' : 'del'),
      merchantId: request.scope.merchantId,
      mode: request.scope.mode,
      status: 'created',
      quoteId: quote.quote_id,
      orderId: null,
      fee: quote.fee,
      etaMinutes: quote.eta_minutes,
      currency: quote.currency,
      category: quote.category,
      externalReference: request.external_reference,
      description: request.description,
      metadata: request.metadata,
      dropoffNotes: request.dropoff_notes,
      pickup: { ...quote.pickup, name: request.pickup_contact.name, phone: request.pickup_contact.phone },
      dropoff: { ...quote.dropoff, name: request.recipient.name, phone: request.recipient.phone },
      customer: request.recipient,
      trackingToken: randomToken(32),
      simulatedTimeline: timeline,
      scheduledAt,
      eventSequence: 0,
      createdAt: now,
      updatedAt: now,
    });
    const view = presentDelivery(delivery, this.config.PUBLIC_BASE_URL);
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(DeliveryEntity, delivery);
      await appendEvent(manager, delivery, EventType.DeliveryCreated, view, now);
      await manager.update(DeliveryEntity, { id: delivery.id }, { eventSequence: delivery.eventSequence });
    });
    return { ...view, status: 'simulated', simulated_timeline: timeline };
  }
}
