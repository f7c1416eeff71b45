import { Column, Entity, PrimaryColumn } from 'typeorm';
import type {
  Category,
  DeliveryStatus,
  DeliveryStopRecord,
  FailureReason,
  Mode,
  PackageSize,
  PaymentRecord,
  QuoteRepricing,
  RefundRecord,
  TestScenario,
  TimelineStep,
  UndeliverableAction,
  Vehicle,
} from '@sdd/contracts';

@Entity({ name: 'deliveries' })
export class DeliveryEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'text' })
  mode!: Mode;

  @Column({ type: 'text' })
  status!: DeliveryStatus;

  @Column({ name: 'quote_id', type: 'text' })
  quoteId!: string;

  @Column({ name: 'order_id', type: 'text', nullable: true })
  orderId!: string | null;

  /** The current route's price: a reroute changes it, and the driver's earning is a share of it. */
  @Column({ type: 'integer' })
  fee!: number;

  /** The delivery fee the customer paid (or, without a checkout, the price at creation): reroutes drift from it, never from `fee`. */
  @Column({ name: 'charged_fee', type: 'integer' })
  chargedFee!: number;

  /** How the fee moved from its expired quote's when the quote was re-priced for this delivery; null otherwise. The creation answer shows it. */
  @Column({ name: 'quote_repricing', type: 'jsonb', nullable: true })
  quoteRepricing!: QuoteRepricing | null;

  /** Reroutes recorded (applied at once, or put to the driver whatever the answer); at most MAX_REROUTES. */
  @Column({ name: 'reroute_count', type: 'integer' })
  rerouteCount!: number;

  @Column({ name: 'eta_minutes', type: 'integer' })
  etaMinutes!: number;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ type: 'text' })
  category!: Category;

  @Column({ name: 'external_reference', type: 'text', nullable: true })
  externalReference!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'jsonb' })
  metadata!: Record<string, string>;

  @Column({ name: 'dropoff_notes', type: 'text', nullable: true })
  dropoffNotes!: string | null;

  @Column({ type: 'jsonb' })
  pickup!: DeliveryStopRecord;

  @Column({ type: 'jsonb' })
  dropoff!: DeliveryStopRecord;

  @Column({ type: 'jsonb' })
  customer!: { name: string; phone: string; email: string | null };

  /** Unguessable: the public tracking page is reached by it alone. */
  @Column({ name: 'tracking_token', type: 'text' })
  trackingToken!: string;

  @Column({ name: 'simulated_timeline', type: 'jsonb', nullable: true })
  simulatedTimeline!: TimelineStep[] | null;

  @Column({ name: 'scheduled_at', type: 'timestamptz', nullable: true })
  scheduledAt!: Date | null;

  /** The gateway's name for the idempotent request that created it; unique per merchant and mode. */
  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey!: string | null;

  /** The money of a delivery funded by a checkout, frozen at creation; null without one. */
  @Column({ type: 'jsonb', nullable: true })
  payment!: PaymentRecord | null;

  /** The refund of its payment, recorded when payment-service reports it made (with delivery.refunded); null before. */
  @Column({ type: 'jsonb', nullable: true })
  refund!: RefundRecord | null;

  @Column({ name: 'package_size', type: 'text' })
  packageSize!: PackageSize;

  /** The smallest vehicle the quote priced for: a driver's must be at least as big. */
  @Column({ type: 'text' })
  vehicle!: Vehicle;

  /** The live driver who accepted the delivery's offer. */
  @Column({ name: 'driver_id', type: 'text', nullable: true })
  driverId!: string | null;

  /** When a live delivery started looking for a driver; the dispatch deadline runs from it. */
  @Column({ name: 'dispatch_started_at', type: 'timestamptz', nullable: true })
  dispatchStartedAt!: Date | null;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason!: FailureReason | null;

  /** The test scenario the delivery plays (test mode only). */
  @Column({ name: 'test_scenario', type: 'text', nullable: true })
  testScenario!: TestScenario | null;

  /** What the driver does when it cannot deliver: fail, or bring the package back to the pickup. */
  @Column({ name: 'undeliverable_action', type: 'text' })
  undeliverableAction!: UndeliverableAction;

  /** Shown to the recipient on the tracking page; the driver may ask for it at the door. */
  @Column({ name: 'delivery_pin', type: 'text', nullable: true })
  deliveryPin!: string | null;

  @Column({ name: 'pin_verified', type: 'boolean' })
  pinVerified!: boolean;

  /** Wrong PINs the driver sent at the door; at PIN_ATTEMPT_LIMIT the PIN is locked. */
  @Column({ name: 'pin_attempts', type: 'integer' })
  pinAttempts!: number;

  /** The recipient's ID was checked against the province's legal age (alcohol, cannabis). */
  @Column({ name: 'id_checked', type: 'boolean' })
  idChecked!: boolean;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  /** When the delivery reached a terminal status, and where its driver then was: what it shows of the driver from then on. */
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  @Column({ name: 'end_lat', type: 'double precision', nullable: true })
  endLat!: number | null;

  @Column({ name: 'end_lng', type: 'double precision', nullable: true })
  endLng!: number | null;

  /** A new dropoff the merchant asked for, waiting for the assigned driver's answer. */
  @Column({ name: 'pending_reroute', type: 'jsonb', nullable: true })
  pendingReroute!: { dropoff: DeliveryStopRecord; fee: number; requestedAt: string } | null;

  /** Who took the package, as the driver recorded it at delivery. */
  @Column({ name: 'recipient_name', type: 'text', nullable: true })
  recipientName!: string | null;

  /** Sequence number of the last event written for this delivery. */
  @Column({ name: 'event_sequence', type: 'integer' })
  eventSequence!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
