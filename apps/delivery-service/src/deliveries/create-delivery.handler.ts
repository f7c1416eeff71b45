import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import {
  CheckoutClaimRef,
  ClaimedQuote,
  CreateDeliveryReply,
  CreateDeliveryRequest,
  DeliveryRecord,
  EventType,
  isRestricted,
  LICENCE_CHECK_NEEDED,
  MerchantScope,
  Pattern,
  PaymentRecord,
  PeekedQuote,
  QuoteClaimRef,
  TestScenario,
} from '@sdd/contracts';
import { AppError, Clock, CLOCK, newId, randomToken } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { PickupLocationEntity } from '../locations/pickup-location.entity';
import { nextEvent } from '../outbox/outbox.repository';
import { missingCheckout, pickupNotLicensed } from './delivery-errors';
import { deliveryIdFor } from './delivery-id';
import { DeliveryEntity } from './delivery.entity';
import { deliverySnapshot, toDeliveryRecord } from './delivery.record';
import { isSamePlace } from './pickup-licence';
import { simulatedTimeline, timelineFor } from '../lifecycle/test-timeline';
import { TestTimelineQueue } from '../timeline/test-timeline.queue';
import { DeliveryStatusRepository } from '../lifecycle/delivery-status.repository';
import { OutboxRelay } from '../outbox/outbox-relay';
import { DriverMatchingTask } from '../matching/driver-matching.task';

/**
 * Creates a delivery from a quote. Everything that can refuse the delivery is
 * checked before the quote is claimed (quote-service checks the category as
 * it claims), so a refusal leaves the quote usable. A checkout (required live, optional in test mode) is claimed first:
 * payment-service verifies the payment with the processor and freezes the
 * fees. The claims name the delivery (its id is chosen first); if the
 * delivery cannot be written, they are released; once it is committed, they
 * are confirmed (the quote's through the outbox: quote-service takes
 * delivery.created). A claim left unconfirmed by a crash lapses and its owner
 * (quote-service, payment-service) settles it. With an idempotency key at most one delivery is created: a
 * retry gets the existing one back (replayed), or, if its first attempt died
 * before the commit, claims the quote again as the same delivery.
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
    private readonly timeline: TestTimelineQueue,
    private readonly relay: OutboxRelay,
    private readonly matching: DriverMatchingTask,
    private readonly statuses: DeliveryStatusRepository,
  ) {}

  async execute(request: CreateDeliveryRequest): Promise<CreateDeliveryReply> {
    if (request.scope.mode === 'live' && request.checkoutId === undefined) throw missingCheckout();
    const ref: QuoteClaimRef = { scope: request.scope, quoteId: request.quoteId, claimant: deliveryIdFor(request.scope, request.idempotencyKey) };
    const existing = await this.replay(request);
    if (existing) return existing;

    const checkoutRef: CheckoutClaimRef | undefined =
      request.checkoutId === undefined ? undefined : { scope: request.scope, checkoutId: request.checkoutId, quoteId: ref.quoteId, claimant: ref.claimant };
    // A quote's refusals come before its checkout's (a reused quote is quote_already_used, not its checkout): checked first.
    if (checkoutRef) await this.checkQuote(request, ref);
    const payment = checkoutRef ? await this.bus.request(Pattern.ClaimCheckout, checkoutRef) : null;
    let created: DeliveryRecord;
    try {
      const claimed = await this.claimQuote(request, ref, checkoutRef !== undefined);
      try {
        created = await this.write(request, claimed, ref.claimant, payment);
      } catch (error) {
        // Another attempt of the same request committed first: its delivery, and its claims, are the answer.
        const concurrent = isUniqueViolation(error) ? await this.replay(request) : undefined;
        if (concurrent) return concurrent;
        await this.bus
          .request(Pattern.ReleaseQuote, ref)
          .catch((releaseError: Error) => this.logger.error(`quote ${ref.quoteId} stays claimed until its claim lapses: ${releaseError.message}`));
        throw error;
      }
    } catch (error) {
      if (checkoutRef) {
        await this.bus
          .request(Pattern.ReleaseCheckout, checkoutRef)
          .catch((releaseError: Error) => this.logger.error(`checkout ${checkoutRef.checkoutId} stays claimed until its claim lapses: ${releaseError.message}`));
      }
      throw error;
    }
    // The outbox hands delivery.created to quote-service too, which confirms the quote's claim.
    this.relay.poke([EventType.DeliveryCreated]);
    if (checkoutRef) await this.confirmCheckout(checkoutRef);
    // A test delivery follows its simulated timeline; a live one waits for a real driver.
    if (created.mode === 'test') await this.scheduleTimeline(created, request.testScenario ?? null);
    else this.matching.poke();
    return { delivery: created, replayed: false };
  }

  /**
   * One round trip when it can: the claim itself checks the category the
   * delivery asks for, and leaves a restricted quote unclaimed, to be checked
   * (its pickup's licence) and then claimed. `checked`: already done.
   */
  private async claimQuote(request: CreateDeliveryRequest, ref: QuoteClaimRef, checked: boolean): Promise<ClaimedQuote> {
    const claim = { ...ref, category: request.category };
    const asksRestricted = request.category !== undefined && isRestricted(request.category);
    if (!checked && !asksRestricted) {
      const claimed = await this.bus.request(Pattern.ClaimQuote, { ...claim, unrestrictedOnly: true }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === LICENCE_CHECK_NEEDED) return undefined;
        throw error;
      });
      if (claimed) return claimed;
    }
    if (!checked) await this.checkQuote(request, ref);
    return this.bus.request(Pattern.ClaimQuote, claim);
  }

  /** What can refuse the delivery, without claiming the quote: its standing, the category asked for, a restricted category's licence. */
  private async checkQuote(request: CreateDeliveryRequest, ref: QuoteClaimRef): Promise<void> {
    const quote = await this.bus.request(Pattern.PeekQuote, { ...ref, category: request.category });
    if (isRestricted(quote.category)) await this.assertLicensedPickup(request, quote);
  }

  /** The delivery an earlier attempt of this idempotent request created, if any. */
  private async replay(request: CreateDeliveryRequest): Promise<CreateDeliveryReply | undefined> {
    if (request.idempotencyKey === undefined) return undefined;
    const delivery = await this.findByKey(request.scope, request.idempotencyKey);
    if (!delivery) return undefined;
    // The attempt that created it may have died before confirming its checkout (its quote's confirmation is in the outbox).
    if (delivery.payment) {
      await this.confirmCheckout({ scope: request.scope, checkoutId: delivery.payment.checkoutId, quoteId: delivery.quoteId, claimant: delivery.id });
    }
    return { delivery: toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL), replayed: true };
  }

  private findByKey(scope: MerchantScope, idempotencyKey: string): Promise<DeliveryEntity | null> {
    return this.dataSource.getRepository(DeliveryEntity).findOneBy({ merchantId: scope.merchantId, mode: scope.mode, idempotencyKey });
  }

  /** Best effort: an unconfirmed checkout claim lapses and payment-service's reconciler confirms it, as the delivery exists. */
  private async confirmCheckout(ref: CheckoutClaimRef): Promise<void> {
    await this.bus
      .request(Pattern.ConfirmCheckout, ref)
      .catch((error: Error) => this.logger.warn(`claim of checkout ${ref.checkoutId} not confirmed yet (the reconciler will): ${error.message}`));
  }

  /**
   * After the commit: a job for a delivery that was never written would be
   * worse than a delivery whose steps must be rescheduled. If this fails (or
   * the process dies first), the timeline reconciler schedules the steps once
   * they are overdue; the job ids are deterministic, so doing both is harmless.
   */
  private async scheduleTimeline(delivery: DeliveryRecord, scenario: TestScenario | null): Promise<void> {
    const startAt = new Date(delivery.scheduledAt ?? delivery.createdAt);
    await this.timeline
      .schedule(delivery.id, startAt, this.clock.now(), timelineFor(scenario))
      .catch((error: Error) => this.logger.error(`timeline of ${delivery.id} not scheduled: ${error.message}`));
  }

  private async assertLicensedPickup(request: CreateDeliveryRequest, quote: PeekedQuote): Promise<void> {
    const licensed = await this.locations
      .createQueryBuilder('l')
      .where('l.merchant_id = :merchantId AND l.mode = :mode', request.scope)
      .andWhere(':category = ANY(l.licensed_for)', { category: quote.category })
      .getMany();
    if (!licensed.some((location) => isSamePlace(quote.pickup, location.address))) throw pickupNotLicensed(quote.category);
  }

  private async write(request: CreateDeliveryRequest, quote: ClaimedQuote, id: string, payment: PaymentRecord | null): Promise<DeliveryRecord> {
    const now = this.clock.now();
    const scheduledAt = quote.scheduled_at ? new Date(quote.scheduled_at) : null;
    const timeline = simulatedTimeline(scheduledAt ?? now, this.config.TIMELINE_SPEED, timelineFor(request.testScenario ?? null));
    const delivery = Object.assign(new DeliveryEntity(), {
      id,
      merchantId: request.scope.merchantId,
      mode: request.scope.mode,
      status: 'created',
      quoteId: quote.quote_id,
      // The merchant's order, paid through the checkout: what support and payouts refer to.
      orderId: payment ? newId('ord') : null,
      fee: quote.fee,
      // A checkout charged items + delivery fee; its fee is the quote's as checked out, which a re-priced expired quote may not be.
      chargedFee: payment ? payment.amountCharged - payment.itemsSubtotal : quote.fee,
      quoteRepricing: quote.repricing,
      rerouteCount: 0,
      etaMinutes: quote.eta_minutes,
      currency: quote.currency,
      category: quote.category,
      externalReference: request.externalReference,
      description: request.description,
      metadata: request.metadata,
      dropoffNotes: request.dropoffNotes,
      pickup: { ...quote.pickup, name: request.pickupContact.name, phone: request.pickupContact.phone },
      dropoff: { ...quote.dropoff, name: request.recipient.name, phone: request.recipient.phone },
      customer: request.recipient,
      trackingToken: randomToken(32),
      simulatedTimeline: timeline,
      scheduledAt,
      idempotencyKey: request.idempotencyKey ?? null,
      payment,
      packageSize: quote.package_size,
      vehicle: quote.vehicle,
      driverId: null,
      dispatchStartedAt: null,
      failureReason: null,
      recipientName: null,
      testScenario: request.testScenario ?? null,
      // The return_to_pickup scenario plays a return, so the delivery asks for one.
      undeliverableAction: request.testScenario === 'return_to_pickup' ? 'return_to_pickup' : (request.undeliverableAction ?? 'fail'),
      deliveryPin: String(randomInt(0, 10_000)).padStart(4, '0'),
      pinVerified: false,
      pinAttempts: 0,
      idChecked: false,
      deliveredAt: null,
      endedAt: null,
      endLat: null,
      endLng: null,
      pendingReroute: null,
      eventSequence: 0,
      createdAt: now,
      updatedAt: now,
    });
    const event = nextEvent(delivery, EventType.DeliveryCreated, deliverySnapshot(delivery, this.config.PUBLIC_BASE_URL), now);
    // Not written (503) if its caller stopped waiting by the time its statement goes: see DeliveryStatusRepository.insert.
    await this.statuses.insert(delivery, event);
    return toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL);
  }
}

/** Postgres' unique_violation: the delivery id or the idempotency key is taken. */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
