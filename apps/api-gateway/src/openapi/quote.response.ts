import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Category, CATEGORIES, PACKAGE_SIZES, PackageSize, QuoteView, RoutePoint, Vehicle, VEHICLES } from '@sdd/contracts';

@ApiSchema({ name: 'RoutePoint' })
export class RoutePointResponse implements RoutePoint {
  @ApiProperty({ example: '100 King St W' })
  address!: string;

  @ApiProperty({ example: 'Toronto' })
  city!: string;

  @ApiProperty({ example: 'ON', description: 'Province or territory code.' })
  state!: string;

  @ApiProperty({ type: String, nullable: true, example: 'M5X 1A9' })
  postalCode!: string | null;

  @ApiProperty({ example: 'CA' })
  country!: string;

  @ApiProperty({ example: 43.6492 })
  lat!: number;

  @ApiProperty({ example: -79.3823 })
  lng!: number;
}

@ApiSchema({ name: 'Quote' })
export class QuoteResponse implements QuoteView {
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

  @ApiProperty({ type: RoutePointResponse })
  pickup!: RoutePointResponse;

  @ApiProperty({ type: RoutePointResponse })
  dropoff!: RoutePointResponse;

  @ApiProperty({ format: 'date-time' })
  expires_at!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}
