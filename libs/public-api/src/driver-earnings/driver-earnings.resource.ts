import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'EarningArea', description: 'Where a stop is, without its street or the person there.' })
export class EarningAreaResource {
  @ApiProperty({ example: 'Toronto' })
  city!: string;

  @ApiProperty({ example: 'ON' })
  province!: string;

  @ApiProperty({ type: String, nullable: true, example: 'M5V', description: "The postal code's first three characters (its forward sortation area); null without a postal code." })
  postal_prefix!: string | null;
}

@ApiSchema({ name: 'DriverEarning', description: 'What the driver earned for one delivered delivery.' })
export class DriverEarningResource {
  @ApiProperty({ example: 'del_4fJ8sQ2mZ1' })
  delivery_id!: string;

  @ApiProperty({ format: 'date-time', description: 'When the hand-over was recorded.' })
  delivered_at!: string;

  @ApiProperty({ format: 'date', example: '2026-11-27', description: 'The day it counts for, in the time zone asked for.' })
  date!: string;

  @ApiProperty({ type: 'integer', description: 'Cents: DRIVER_PAYOUT_PERCENT of the delivery fee.' })
  amount!: number;

  @ApiProperty({ example: 'cad' })
  currency!: string;

  @ApiProperty({ type: EarningAreaResource })
  pickup!: EarningAreaResource;

  @ApiProperty({ type: EarningAreaResource })
  dropoff!: EarningAreaResource;
}

@ApiSchema({ name: 'EarningDay', description: "A day's total (per currency)." })
export class EarningDayResource {
  @ApiProperty({ format: 'date', example: '2026-11-27' })
  date!: string;

  @ApiProperty({ example: 'cad' })
  currency!: string;

  @ApiProperty({ type: 'integer', description: 'Cents.' })
  amount!: number;

  @ApiProperty({ type: 'integer', description: 'Delivered deliveries that day.' })
  deliveries!: number;
}

@ApiSchema({
  name: 'DriverEarnings',
  description: 'The days `from`–`to` of `time_zone`: each day with earnings, and the deliveries newest first; pass `next_cursor` as `cursor` for the next page.',
})
export class DriverEarningsResource {
  @ApiProperty({ enum: ['driver_earnings'] })
  object!: 'driver_earnings';

  @ApiProperty({ example: 'America/Toronto' })
  time_zone!: string;

  @ApiProperty({ format: 'date' })
  from!: string;

  @ApiProperty({ format: 'date' })
  to!: string;

  @ApiProperty({ type: EarningDayResource, isArray: true, description: 'Newest day first; days without earnings are left out.' })
  days!: EarningDayResource[];

  @ApiProperty({ type: DriverEarningResource, isArray: true })
  data!: DriverEarningResource[];

  @ApiProperty()
  has_more!: boolean;

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
