import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CATEGORIES, Category, DELIVERY_STATUSES, DeliveryStatus, STUCK_REASONS, StuckReason, Vehicle, VEHICLES } from '@sdd/contracts';

@ApiSchema({ name: 'OpsDeliveryStop' })
export class OpsDeliveryStopResource {
  @ApiProperty()
  address!: string;

  @ApiProperty()
  lat!: number;

  @ApiProperty()
  lng!: number;
}

@ApiSchema({ name: 'OpsDeliveryDriver', description: 'The driver holding the delivery, and where it last reported being.' })
export class OpsDeliveryDriverResource {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: VEHICLES })
  vehicle!: Vehicle;

  @ApiProperty({ type: Number, nullable: true })
  lat!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  lng!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it last sent its position.' })
  located_at!: string | null;
}

@ApiSchema({ name: 'OpsDeliveryStuck', description: 'Why the delivery needs an operator, and since when.' })
export class OpsDeliveryStuckResource {
  @ApiProperty({
    enum: STUCK_REASONS,
    description:
      '`no_driver`: still waiting for a driver STUCK_UNMATCHED_MS after matching started; `driver_still`: its driver sent no position for STUCK_STILL_MS; ' +
      '`late`: past its promised dropoff time (`due_at`).',
  })
  reason!: StuckReason;

  @ApiProperty({ format: 'date-time' })
  since!: string;
}

@ApiSchema({ name: 'OpsDelivery', description: 'A live delivery as operators see it, across merchants: no recipient name or phone.' })
export class OpsDeliveryResource {
  @ApiProperty({ enum: ['ops_delivery'] })
  object!: 'ops_delivery';

  @ApiProperty()
  id!: string;

  @ApiProperty({ description: 'The merchant whose delivery it is.' })
  merchant_id!: string;

  @ApiProperty({ enum: DELIVERY_STATUSES })
  status!: DeliveryStatus;

  @ApiProperty({ enum: CATEGORIES })
  category!: Category;

  @ApiProperty({ type: OpsDeliveryStopResource })
  pickup!: OpsDeliveryStopResource;

  @ApiProperty({ type: OpsDeliveryStopResource })
  dropoff!: OpsDeliveryStopResource;

  @ApiProperty({ type: OpsDeliveryDriverResource, nullable: true })
  driver!: OpsDeliveryDriverResource | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Waiting for a driver since (matching started, or an operator re-offered it); null while a driver holds it.',
  })
  waiting_since!: string | null;

  @ApiProperty({ format: 'date-time', description: 'The dropoff time its quote promised: created (or scheduled) plus its ETA.' })
  due_at!: string;

  @ApiProperty({ type: OpsDeliveryStuckResource, nullable: true })
  stuck!: OpsDeliveryStuckResource | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'OpsDeliveryList' })
export class OpsDeliveryListResource {
  @ApiProperty({ type: [OpsDeliveryResource], description: 'Oldest first, at most 500.' })
  data!: OpsDeliveryResource[];
}
