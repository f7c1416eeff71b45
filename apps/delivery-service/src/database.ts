import { MigrationInterface } from 'typeorm';
import { CreatePickupLocations1763800100000 } from './migrations/1763800100000-create-pickup-locations';
import { CreateDeliveries1763800300000 } from './migrations/1763800300000-create-deliveries';
import { AddDeliveryEta1763800500000 } from './migrations/1763800500000-add-delivery-eta';
import { AcknowledgeOutboxPerSubscriber1763900000000 } from './migrations/1763900000000-acknowledge-outbox-per-subscriber';
import { IndexUnfinishedTestDeliveries1763900100000 } from './migrations/1763900100000-index-unfinished-test-deliveries';
import { AddDeliveryIdempotencyKey1763910000020 } from './migrations/1763910000020-add-delivery-idempotency-key';
import { OneAddressShape1765000100010 } from './migrations/1765000100010-one-address-shape';
import { OneLocationAddressShape1765000100020 } from './migrations/1765000100020-one-location-address-shape';
import { AddDeliveryPayment1765100000010 } from './migrations/1765100000010-add-delivery-payment';
import { CreateDriversAndOffers1765200000000 } from './migrations/1765200000000-create-drivers-and-offers';
import { CreateProofPhotos1765300000000 } from './migrations/1765300000000-create-proof-photos';
import { VacuumOutboxHandoffsOften1765400000000 } from './migrations/1765400000000-vacuum-outbox-handoffs-often';
import { AddDeliveryEnd1765500000000 } from './migrations/1765500000000-add-delivery-end';
import { AddDeliveryChargedFeeAndRerouteCount1765510000000 } from './migrations/1765510000000-add-delivery-charged-fee-and-reroute-count';
import { CountWrongDeliveryPins1765520000000 } from './migrations/1765520000000-count-wrong-delivery-pins';
import { AddDriverStanding1765520000100 } from './migrations/1765520000100-add-driver-standing';
import { AddDeliveryRefund1765540000100 } from './migrations/1765540000100-add-delivery-refund';
import { IndexRetainedRowsByAge1765630000000 } from './migrations/1765630000000-index-retained-rows-by-age';
import { IndexDeliveriesByExternalReference1766000200000 } from './migrations/1766000200000-index-deliveries-by-external-reference';
import { RecordNotificationFailures1766000500100 } from './migrations/1766000500100-record-notification-failures';
import { IndexDriverEarningsByDriver1766000700000 } from './migrations/1766000700000-index-driver-earnings-by-driver';
import { AddDeliveryQuoteRepricing1766001000100 } from './migrations/1766001000100-add-delivery-quote-repricing';
import { ScopeDeliveryQuoteUniqueness1766001400000 } from './migrations/1766001400000-scope-delivery-quote-uniqueness';
import { IndexLiveDeliveriesToMatch1766001600000 } from './migrations/1766001600000-index-live-deliveries-to-match';

/** This service's own schema (before DB_SCHEMA_PREFIX); no other service reads it. */
export const SCHEMA = 'deliveries';

/** In the order they apply. Never edit one that has shipped: add a new one. */
export const MIGRATIONS: Array<new () => MigrationInterface> = [
  CreatePickupLocations1763800100000,
  CreateDeliveries1763800300000,
  AddDeliveryEta1763800500000,
  AcknowledgeOutboxPerSubscriber1763900000000,
  IndexUnfinishedTestDeliveries1763900100000,
  AddDeliveryIdempotencyKey1763910000020,
  OneAddressShape1765000100010,
  OneLocationAddressShape1765000100020,
  AddDeliveryPayment1765100000010,
  CreateDriversAndOffers1765200000000,
  CreateProofPhotos1765300000000,
  VacuumOutboxHandoffsOften1765400000000,
  AddDeliveryEnd1765500000000,
  AddDeliveryChargedFeeAndRerouteCount1765510000000,
  CountWrongDeliveryPins1765520000000,
  AddDriverStanding1765520000100,
  AddDeliveryRefund1765540000100,
  IndexRetainedRowsByAge1765630000000,
  IndexDeliveriesByExternalReference1766000200000,
  RecordNotificationFailures1766000500100,
  IndexDriverEarningsByDriver1766000700000,
  AddDeliveryQuoteRepricing1766001000100,
  ScopeDeliveryQuoteUniqueness1766001400000,
  IndexLiveDeliveriesToMatch1766001600000,
];
