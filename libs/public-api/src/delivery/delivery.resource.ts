import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { Category, CATEGORIES, Mode, MODES, TimelineStep, TrackingSnapshot, Vehicle, VEHICLES } from '@sdd/contracts';
import { DeliveryStopResource } from '../address/address.resource';
import { PaymentResource } from '../payment/payment.resource';
import { QuoteRepricingResource } from '../quote/quote.resource';
import { RefundResource } from '../refund/refund.resource';

const STATUS_DESCRIPTION =
  'created, pending, driver_assigned, driver_at_pickup, picked_up, in_transit, delivered, cancelled or failed; ' + '"simulated" only in the creation response of a test delivery.';

@ApiSchema({ name: 'DeliveryRecipient', description: 'The recipient, as the delivery shows it.' })
export class DeliveryCustomerResource {
  @ApiProperty({ example: 'Ada Lovelace' })
  name!: string;

  @ApiProperty({ type: String, format: 'email', nullable: true })
  email!: string | null;
}

@ApiSchema({ name: 'DeliveryListItem', description: 'A delivery as lists show it.' })
export class DeliveryListItemResource {
  @ApiProperty({ pattern: '^del_', example: 'del_7cJ2kLq9XwP4sT7vB1nC5mZr' })
  id!: string;

  @ApiProperty({ enum: MODES })
  mode!: Mode;

  @ApiProperty({ description: STATUS_DESCRIPTION })
  status!: string;

  @ApiProperty()
  quote_id!: string;

  @ApiProperty({ type: String, nullable: true })
  order_id!: string | null;

  @ApiProperty({ type: 'integer', description: 'What the merchant pays, in cents.', example: 1249 })
  price!: number;

  @ApiProperty({ example: 'cad' })
  currency!: string;

  @ApiProperty({ type: String, nullable: true })
  external_reference!: string | null;

  @ApiProperty({ enum: CATEGORIES })
  category!: Category;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

@ApiSchema({ name: 'DeliveryDriver' })
export class DeliveryDriverResource {
  @ApiProperty({ example: 'Sam' })
  name!: string;

  @ApiProperty({ type: String, nullable: true, example: '+14165550123', description: 'null from a terminal status (delivered, failed, returned) on.' })
  phone!: string | null;

  @ApiProperty({ enum: VEHICLES })
  vehicle!: Vehicle;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Last reported position while the delivery is under way; from a terminal status on, where the delivery ended (null if the driver had not reported a position), never where the driver is now.',
  })
  lat!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  lng!: number | null;
}

@ApiSchema({ name: 'Delivery' })
export class DeliveryResource extends DeliveryListItemResource {
  @ApiProperty({ description: 'True for test deliveries: no driver, no money moved.' })
  simulated!: boolean;

  @ApiProperty({ type: 'integer', description: 'The delivery fee, in cents.', example: 1249 })
  fee!: number;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { order: '1234' } })
  metadata!: Record<string, string>;

  @ApiProperty({ type: String, nullable: true })
  dropoff_notes!: string | null;

  @ApiProperty({ format: 'uri', description: 'The public tracking page for the recipient.' })
  tracking_url!: string;

  @ApiProperty({ type: DeliveryStopResource })
  pickup!: DeliveryStopResource;

  @ApiProperty({ type: DeliveryStopResource })
  dropoff!: DeliveryStopResource;

  @ApiProperty({ type: DeliveryCustomerResource })
  customer!: DeliveryCustomerResource;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  scheduled_at!: string | null;

  @ApiPropertyOptional({ type: () => DeliveryDriverResource, description: 'Live deliveries once a driver is assigned; absent for test deliveries.' })
  driver?: DeliveryDriverResource;

  @ApiPropertyOptional({
    type: () => RefundResource,
    description: "Once the processor returned money of the delivery's payment (cancelled: all of it; failed or returned: the items subtotal); with event delivery.refunded.",
  })
  refund?: RefundResource;
}

@ApiSchema({ name: 'TimelineStep' })
export class TimelineStepResource implements TimelineStep {
  @ApiProperty({ example: 'driver_assigned' })
  status!: string;

  @ApiProperty({ format: 'date-time' })
  at!: string;
}

@ApiExtraModels(QuoteRepricingResource)
@ApiSchema({ name: 'CreatedDelivery', description: 'The delivery; a test one reports status "simulated" and its timeline.' })
export class CreatedDeliveryResource extends DeliveryResource {
  @ApiPropertyOptional({ type: TimelineStepResource, isArray: true, description: 'Test mode only: when each status will be reached.' })
  simulated_timeline?: TimelineStepResource[];

  @ApiPropertyOptional({ type: PaymentResource, description: 'A delivery funded by a checkout: always in live mode, in test mode when a checkout_id was sent.' })
  payment?: PaymentResource;

  // A $ref cannot be nullable in OpenAPI 3.0, an object type beside it can; the closed QuoteRepricing still bounds its fields.
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    allOf: [{ $ref: getSchemaPath(QuoteRepricingResource) }],
    description: "Set when the quote had expired and was priced again at another fee (within 10%): the quote's fee, the delivery's, and each part that moved. null otherwise.",
  })
  quote_repricing!: QuoteRepricingResource | null;
}

@ApiSchema({ name: 'DeliveryList', description: 'Newest first; pass `next_cursor` as `cursor` for the next page.' })
export class DeliveryListResource {
  @ApiProperty({ type: DeliveryListItemResource, isArray: true })
  data!: DeliveryListItemResource[];

  @ApiProperty()
  has_more!: boolean;

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

type Driver = NonNullable<TrackingSnapshot['driver']>;

@ApiSchema({ name: 'GeoPoint' })
export class GeoPointResource implements Readonly<Driver['location']> {
  @ApiProperty({ example: 43.6492 })
  lat!: number;

  @ApiProperty({ example: -79.3823 })
  lng!: number;
}

@ApiSchema({ name: 'TrackingDriver' })
export class TrackingDriverResource implements Driver {
  @ApiProperty({ example: 'Sam' })
  name!: string;

  @ApiProperty({ type: String, nullable: true, example: '+14165550123', description: 'null from a terminal status (delivered, failed, returned) on.' })
  phone!: string | null;

  @ApiProperty({ type: GeoPointResource, description: 'Where the driver last reported; from a terminal status on, where the delivery ended.' })
  location!: GeoPointResource;
}

@ApiSchema({ name: 'Tracking' })
@ApiExtraModels(TrackingDriverResource)
export class TrackingResource implements TrackingSnapshot {
  @ApiProperty()
  delivery_id!: string;

  @ApiProperty({ description: STATUS_DESCRIPTION })
  status!: string;

  // A $ref cannot be nullable in OpenAPI 3.0, an object type beside it can; the closed TrackingDriver still bounds its fields.
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    allOf: [{ $ref: getSchemaPath(TrackingDriverResource) }],
    description: 'null until a driver is assigned; from a terminal status on, null unless the point where the delivery ended is known.',
  })
  driver!: TrackingDriverResource | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  eta_minutes!: number;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

@ApiSchema({ name: 'DeliveryProofPhoto', description: 'A photo the driver took; its URL is signed and expires.' })
export class DeliveryProofPhotoResource {
  @ApiProperty({ format: 'uri', description: 'Readable by whoever holds it until `url_expires_at`; ask for the proof again for a fresh one.' })
  url!: string;

  @ApiProperty({ format: 'date-time' })
  url_expires_at!: string;

  @ApiProperty({ enum: ['image/jpeg', 'image/png', 'image/webp'] })
  content_type!: string;

  @ApiProperty({ type: 'integer', description: 'Bytes.' })
  size!: number;

  @ApiProperty({ description: 'SHA-256 of the bytes, hex.' })
  sha256!: string;

  @ApiProperty({ format: 'date-time' })
  uploaded_at!: string;
}

@ApiSchema({ name: 'DeliveryProof', description: 'How the package was handed over (live deliveries, reported by the driver).' })
export class DeliveryProofResource {
  @ApiProperty()
  delivery_id!: string;

  @ApiProperty({ format: 'date-time' })
  delivered_at!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Who took the package, as the driver recorded it.' })
  recipient_name!: string | null;

  @ApiProperty({ description: "The driver entered the recipient's delivery PIN, and it matched." })
  pin_verified!: boolean;

  @ApiProperty({ description: "Alcohol and cannabis: the recipient's ID was checked against the province's legal age." })
  id_checked!: boolean;

  @ApiProperty({ type: [DeliveryProofPhotoResource], description: 'In upload order; empty when the driver took none.' })
  photos!: DeliveryProofPhotoResource[];
}
