import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Category, CATEGORIES, PACKAGE_SIZES, PackageSize, Vehicle, VEHICLES } from '@sdd/contracts';
import { LocatedAddressResource } from '../address/address.resource';

@ApiSchema({ name: 'Quote' })
export class QuoteResource {
  @ApiProperty({ pattern: '^qt_[0-9A-Za-z]{24}$', example: 'qt_9fK2mLq8XwP4sT7vB1nC5mZr' })
  id!: string;

  @ApiProperty({ type: 'integer', description: 'Total fee in cents.', example: 1249 })
  fee!: number;

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
