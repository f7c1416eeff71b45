import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, Not } from 'typeorm';
import {
  AnswerRerouteRequest,
  DeliveryRecord,
  DeliveryStopRecord,
  DriverAssignmentRecord,
  DriverAuthRequest,
  ErrorType,
  EventType,
  Pattern,
  RerouteRecordList,
  RerouteRequest,
} from '@sdd/contracts';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { inScope } from '@sdd/persistence';
import { DeliveryServiceConfig } from '../config';
import { deliveryNotFound } from '../deliveries/delivery-errors';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { deliverySnapshot, readAssignedDriver, toDeliveryRecord } from '../deliveries/delivery.record';
import { notYourDelivery } from '../drivers/driver-errors';
import { DriverCertificationEntity } from '../drivers/driver-certification.entity';
import { certificationFor, certificationProvinces, certifiedIn } from '../drivers/eligibility';
import { DriverRepository } from '../drivers/driver.repository';
import { OutboxRepository } from '../outbox/outbox.repository';
import { OutboxRelay } from '../outbox/outbox-relay';
import { OfferEntity } from './offer.entity';
import { addressLine, MAX_REROUTES, mayRerouteAgain, REROUTABLE, withinRerouteDrift } from './reroute';

const rerouteNotAllowed = (status: string) =>
  new AppError(409, ErrorType.InvalidRequest, 'reroute_not_allowed', `This delivery is ${status}: a new dropoff can only be asked before pickup.`);
const reroutePending = () => new AppError(409, ErrorType.InvalidRequest, 'reroute_pending', 'A reroute of this delivery is waiting for the driver: ask again once it is answered.');
const noReroutePending = () => new AppError(409, ErrorType.InvalidRequest, 'no_reroute_pending', 'No reroute of this delivery waits for an answer.');
const reroutePriceChanged = (chargedFee: number, newFee: number, currency: string) =>
  new AppError(
    409,
    ErrorType.InvalidRequest,
    'reroute_price_changed',
    `The new route costs ${newFee} and the customer paid ${chargedFee} (${currency} cents): more than 10% apart. Cancel and create a new delivery instead.`,
    'dropoff_address',
  );
const rerouteLimitReached = () =>
  new AppError(409, ErrorType.InvalidRequest, 'reroute_limit_reached', `This delivery was rerouted ${MAX_REROUTES} times, the most a delivery may be.`, 'dropoff_address');
const rerouteDriverNotCertified = (kind: string, provinces: string[]) =>
  new AppError(
    409,
    ErrorType.InvalidRequest,
    'reroute_driver_not_certified',
    `The assigned driver does not hold a valid ${kind} certification of ${provinces.join(' and ')}, which this dropoff needs: the delivery keeps its dropoff.`,
    'dropoff_address',
  );

/**
 * POST /v1/deliveries/{id}/reroute: a new dropoff before pickup, priced by
 * quote-service (which refuses a restricted route its category cannot take)
 * and accepted within 10 % of what the customer paid, at most MAX_REROUTES
 * times. Without a driver it takes effect at once; with one, whose
 * certification must cover the new route's provinces, the driver accepts or
 * declines it. Either way the merchant hears delivery.reroute_accepted or
 * _declined. A paid delivery keeps what the customer was charged: the drift
 * is the service's (the driver earns on the new fee).
 */
@Injectable()
export class RerouteHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly relay: OutboxRelay,
    private readonly outbox: OutboxRepository,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async request({ scope, deliveryId, dropoffAddress }: RerouteRequest): Promise<DeliveryRecord> {
    const current = await this.dataSource.getRepository(DeliveryEntity).findOneBy({ id: deliveryId, ...inScope(scope) });
    if (!current) throw deliveryNotFound();
    this.assertReroutable(current);
    const priced = await this.bus.request(Pattern.CreateQuote, {
      scope,
      pickup_address: addressLine(current.pickup),
      dropoff_address: dropoffAddress,
      package_size: current.packageSize,
      vehicle: current.vehicle,
      category: current.category,
    });
    if (!withinRerouteDrift(current.chargedFee, priced.fee)) throw reroutePriceChanged(current.chargedFee, priced.fee, current.currency);
    const record = await this.dataSource.transaction(async (manager) => {
      const delivery = await manager.findOneOrFail(DeliveryEntity, { where: { id: deliveryId }, lock: { mode: 'pessimistic_write' } });
      this.assertReroutable(delivery);
      const dropoff: DeliveryStopRecord = { ...priced.dropoff, name: delivery.dropoff.name, phone: delivery.dropoff.phone };
      const now = this.clock.now();
      delivery.rerouteCount += 1;
      if (delivery.driverId === null) {
        if (dropoff.province !== delivery.dropoff.province) await this.withdrawOpenOffer(manager, delivery, now);
        await this.apply(manager, delivery, dropoff, priced.fee, now);
      } else {
        await this.assertDriverCertified(manager, delivery, delivery.driverId, dropoff.province, now);
        await manager.update(
          DeliveryEntity,
          { id: delivery.id },
          { pendingReroute: { dropoff, fee: priced.fee, requestedAt: now.toISOString() }, rerouteCount: delivery.rerouteCount, updatedAt: now },
        );
      }
      return toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL, await readAssignedDriver(manager, delivery));
    });
    this.relay.poke();
    return record;
  }

  async pendingFor({ tokenHash }: DriverAuthRequest): Promise<RerouteRecordList> {
    const driver = await this.drivers.byTokenHash(tokenHash);
    const deliveries = await this.dataSource
      .getRepository(DeliveryEntity)
      .findBy({ driverId: driver.id, pendingReroute: Not(IsNull()), status: In([...REROUTABLE]) });
    return {
      data: deliveries.flatMap((delivery) =>
        delivery.pendingReroute
          ? [
              {
                deliveryId: delivery.id,
                dropoff: { address: addressLine(delivery.pendingReroute.dropoff), lat: delivery.pendingReroute.dropoff.lat, lng: delivery.pendingReroute.dropoff.lng },
                fee: delivery.pendingReroute.fee,
                requestedAt: delivery.pendingReroute.requestedAt,
              },
            ]
          : [],
      ),
    };
  }

  async answer({ tokenHash, deliveryId, accept }: AnswerRerouteRequest): Promise<DriverAssignmentRecord> {
    const answered = await this.dataSource.transaction(async (manager) => {
      const driver = await this.drivers.byTokenHash(tokenHash, manager);
      const delivery = await manager.findOne(DeliveryEntity, { where: { id: deliveryId, driverId: driver.id }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw notYourDelivery();
      const pending = delivery.pendingReroute;
      if (!pending || !REROUTABLE.includes(delivery.status)) throw noReroutePending();
      const now = this.clock.now();
      if (accept) await this.apply(manager, delivery, pending.dropoff, pending.fee, now);
      else {
        delivery.pendingReroute = null;
        await this.outbox.append(manager, delivery, EventType.DeliveryRerouteDeclined, deliverySnapshot(delivery, this.config.PUBLIC_BASE_URL, undefined, await readAssignedDriver(manager, delivery)), now);
        await manager.update(DeliveryEntity, { id: delivery.id }, { pendingReroute: null, eventSequence: delivery.eventSequence, updatedAt: now });
      }
      return { deliveryId: delivery.id, status: delivery.status };
    });
    this.relay.poke();
    return answered;
  }

  /**
   * A delivery whose driver was taken off the road while a reroute waited
   * for that driver's answer: without a driver a reroute takes effect at once
   * (the merchant hears delivery.reroute_accepted), and matching offers the
   * new route, under its own certification rules, to the next driver.
   */
  async applyPendingWithoutDriver(manager: EntityManager, delivery: DeliveryEntity, now: Date): Promise<boolean> {
    const pending = delivery.pendingReroute;
    if (!pending || delivery.driverId !== null) return false;
    await this.apply(manager, delivery, pending.dropoff, pending.fee, now);
    return true;
  }

  private assertReroutable(delivery: DeliveryEntity): void {
    if (!REROUTABLE.includes(delivery.status)) throw rerouteNotAllowed(delivery.status);
    if (delivery.pendingReroute) throw reroutePending();
    if (!mayRerouteAgain(delivery.rerouteCount)) throw rerouteLimitReached();
  }

  /** A restricted delivery's driver must be certified in the new route's provinces (certificationProvinces). */
  private async assertDriverCertified(manager: EntityManager, delivery: DeliveryEntity, driverId: string, dropoffProvince: string, now: Date): Promise<void> {
    const kind = certificationFor(delivery.category);
    if (kind === null) return;
    const provinces = certificationProvinces(delivery.pickup.province, dropoffProvince);
    const held = await manager.findBy(DriverCertificationEntity, { driverId, kind, province: In(provinces) });
    if (!certifiedIn(held, provinces, now)) throw rerouteDriverNotCertified(kind, provinces);
  }

  /**
   * The open offer was made for the old dropoff's province, whose
   * certification its driver may hold and the new one's not: dispatch offers
   * the delivery again under the new route's requirements.
   */
  private async withdrawOpenOffer(manager: EntityManager, delivery: DeliveryEntity, now: Date): Promise<void> {
    if (certificationFor(delivery.category) === null) return;
    await manager.update(OfferEntity, { deliveryId: delivery.id, status: 'open' }, { status: 'withdrawn', respondedAt: now });
  }

  /** The new dropoff and price take effect, with their event, in the caller's transaction. */
  private async apply(manager: EntityManager, delivery: DeliveryEntity, dropoff: DeliveryStopRecord, fee: number, now: Date): Promise<void> {
    Object.assign(delivery, { dropoff, fee, pendingReroute: null, updatedAt: now });
    await this.outbox.append(manager, delivery, EventType.DeliveryRerouteAccepted, deliverySnapshot(delivery, this.config.PUBLIC_BASE_URL, undefined, await readAssignedDriver(manager, delivery)), now);
    await manager.update(
      DeliveryEntity,
      { id: delivery.id },
      { dropoff, fee, pendingReroute: null, rerouteCount: delivery.rerouteCount, eventSequence: delivery.eventSequence, updatedAt: now },
    );
  }
}
