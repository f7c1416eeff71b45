import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Category, CATEGORIES, FEE_COMPONENT_CODES, FeeComponentCode, PACKAGE_SIZES, PackageSize, Vehicle, VEHICLES } from '@sdd/contracts';
import { LocatedAddressResource } from '../address/address.resource';

@ApiSchema({ name: 'FeeComponent', description: 'One part of a fee: what the pricing added, and how much.' })
export class FeeComponentResource {
  @ApiProperty({
    enum: FEE_COMPONENT_CODES,
    description:
      "Stable, never renamed: `base` (the vehicle's base fee), `distance` (its per-km rate times distance_km), `package_size` (the medium or large package's share), " +
      '`minimum_fee` (the top-up of a short route to the minimum), `restricted_goods` (the ID check of alcohol or cannabis), ' +
      "`price_adjustment` (the operator's current factor on the published rates; negative for a discount), `unitemized` (the whole fee of a quote priced before breakdowns were kept).",
    example: 'distance',
  })
  code!: FeeComponentCode;

  @ApiProperty({ type: 'integer', description: "Minor units of the quote's currency (cents); negative only for a discount.", example: 276 })
  amount!: number;
}

@ApiSchema({ name: 'Quote' })
export class QuoteResource {
  @ApiProperty({ pattern: '^qt_[0-9A-Za-z]{24}$', example: 'qt_9fK2mLq8XwP4sT7vB1nC5mZr' })
  id!: string;

  @ApiProperty({ type: 'integer', description: 'Total fee in cents.', example: 1249 })
  fee!: number;

  @ApiProperty({
    type: FeeComponentResource,
    isArray: true,
    description: 'The parts of `fee`, in the order the pricing adds them, only those that apply; their amounts sum exactly to `fee`.',
    example: [
      { code: 'base', amount: 500 },
      { code: 'distance', amount: 276 },
    ],
  })
  fee_breakdown!: FeeComponentResource[];

  @ApiProperty({ example: 'cad' })
  currency!: string;

  @ApiProperty({ type: 'integer', example: 38 })
  eta_minutes!: number;

  @ApiProperty({ example: 2.3 })
  distance_km!: number;

  @ApiProperty({ enum: PACKAGE_SIZES })
  package_size!: PackageSize;

  @ApiProperty({ enum: VEHICLES })
  vehicle!: Vehicle;

  @ApiProperty({ enum: CATEGORIES })
  category!: Category;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  scheduled_at!: string | null;

  @ApiProperty({ type: LocatedAddressResource })
  pickup!: LocatedAddressResource;

  @ApiProperty({ type: LocatedAddressResource })
  dropoff!: LocatedAddressResource;

  @ApiProperty({ format: 'date-time' })
  expires_at!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}
