import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { DeliveryRecord, DeliveryStopRecord, LocatedAddress, Pattern, ReroutePreviewRecord, RerouteRequest } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { inScope } from '@sdd/persistence';
import { DeliveryServiceConfig } from '../config';
import { deliveryNotFound } from '../deliveries/delivery-errors';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { readAssignedDriver, toDeliveryRecord } from '../deliveries/delivery.record';
import { DriverCertificationEntity } from '../drivers/driver-certification.entity';
import { certificationFor, certificationProvinces, certifiedIn } from '../drivers/eligibility';
import { OutboxRelay } from '../outbox/outbox-relay';
import { OfferEntity } from './offer.entity';
import { addressLine, mayRerouteAgain, REROUTABLE, reroutePreview, withinRerouteDrift } from './reroute';
import { rerouteDriverNotCertified, rerouteLimitReached, rerouteNotAllowed, reroutePending, reroutePriceChanged } from './reroute-errors';
import { RerouteEffect } from './reroute-effect';

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
export class RequestRerouteHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reroutes: RerouteEffect,
    private readonly relay: OutboxRelay,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: RerouteRequest): Promise<DeliveryRecord> {
    const { deliveryId } = request;
    const priced = await this.price(request);
    const record = await this.dataSource.transaction(async (manager) => {
      const delivery = await manager.findOneOrFail(DeliveryEntity, { where: { id: deliveryId }, lock: { mode: 'pessimistic_write' } });
      this.assertReroutable(delivery);
      const dropoff = this.newDropoff(delivery, priced.dropoff);
      const now = this.clock.now();
      delivery.rerouteCount += 1;
      if (delivery.driverId === null) {
        if (dropoff.province !== delivery.dropoff.province) await this.withdrawOpenOffer(manager, delivery, now);
        await this.reroutes.apply(manager, delivery, dropoff, priced.fee, now);
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

  /**
   * The dry run: the same checks and pricing as execute, in the same order,
   * refused with the same errors, and nothing written: no reroute recorded,
   * no event. The driver's certification is read as execute checks it.
   */
  async preview(request: RerouteRequest): Promise<ReroutePreviewRecord> {
    const priced = await this.price(request);
    const { current } = priced;
    const dropoff = this.newDropoff(current, priced.dropoff);
    if (current.driverId !== null) await this.assertDriverCertified(this.dataSource.manager, current, current.driverId, dropoff.province, this.clock.now());
    return reroutePreview(current, dropoff, priced.fee);
  }

  /** The delivery as it is, and the new route priced by quote-service: refused unless reroutable and within the drift. */
  private async price({ scope, deliveryId, dropoffAddress }: RerouteRequest): Promise<{ current: DeliveryEntity; dropoff: LocatedAddress; fee: number }> {
    const current = await this.dataSource.getRepository(DeliveryEntity).findOneBy({ id: deliveryId, ...inScope(scope) });
    if (!current) throw deliveryNotFound();
    this.assertReroutable(current);
    const priced = await this.bus.request(Pattern.CreateQuote, {
      scope,
      pickupAddress: addressLine(current.pickup),
      dropoffAddress,
      packageSize: current.packageSize,
      vehicle: current.vehicle,
      category: current.category,
    });
    if (!withinRerouteDrift(current.chargedFee, priced.fee)) throw reroutePriceChanged(current.chargedFee, priced.fee, current.currency);
    return { current, dropoff: priced.dropoff, fee: priced.fee };
  }

  /** The priced stop, still addressed to the delivery's recipient. */
  private newDropoff(delivery: DeliveryEntity, priced: LocatedAddress): DeliveryStopRecord {
    return { ...priced, name: delivery.dropoff.name, phone: delivery.dropoff.phone };
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
}
