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

@ApiSchema({ name: 'FeeChange', description: 'A part of the fee that moved when an expired quote was priced again; 0 where it was not charged.' })
export class FeeChangeResource {
  @ApiProperty({ enum: FEE_COMPONENT_CODES, description: "The part's `code`, as in `fee_breakdown`.", example: 'price_adjustment' })
  code!: FeeComponentCode;

  @ApiProperty({ type: 'integer', description: 'Its amount in the expired quote (cents).', example: 0 })
  previous_amount!: number;

  @ApiProperty({ type: 'integer', description: 'Its amount now (cents).', example: 78 })
  amount!: number;
}

@ApiSchema({ name: 'QuoteRepricing', description: "How an expired quote's fee moved when it was priced again for the delivery (within 10%)." })
export class QuoteRepricingResource {
  @ApiProperty({ type: 'integer', description: "The expired quote's fee (cents).", example: 776 })
  previous_fee!: number;

  @ApiProperty({ type: 'integer', description: "The delivery's fee: the quote priced again (cents).", example: 854 })
  fee!: number;

  @ApiProperty({ type: FeeChangeResource, isArray: true, description: 'Each part of the fee that moved, in the order they were charged (the old ones first, then the new).' })
  changes!: FeeChangeResource[];
}

@ApiSchema({ name: 'Quote' })
export class QuoteResource {
  @ApiProperty({ pattern: '^qt_[0-9A-Za-z]{24}$', example: 'qt_9fK2mLq8XwP4sT7vB1nC5mZr' })
  id!: string;

  @ApiProperty({ type: 'integer', description: 'Total fee in cents.', example: 776 })
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
