import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { RESTRICTED_CATEGORIES, RestrictedCategory } from '@sdd/contracts';
import { AddressResource } from '../address/address.resource';

@ApiSchema({ name: 'PickupLocation' })
export class PickupLocationResource {
  @ApiProperty({ pattern: '^loc_[0-9A-Za-z]{24}$', example: 'loc_3kT9wQ2mLx8bN5vR1cZ7pJ4h' })
  id!: string;

  @ApiProperty({ example: 'Queen St Wines' })
  name!: string;

  @ApiProperty({ type: AddressResource })
  address!: AddressResource;

  @ApiProperty({ example: '+1 416 555 0199' })
  phone!: string;

  @ApiProperty({ enum: RESTRICTED_CATEGORIES, isArray: true, example: ['alcohol'] })
  licensed_for!: RestrictedCategory[];

  @ApiProperty({ type: String, nullable: true, example: 'AGCO-123456' })
  license_number!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'PickupLocationList' })
export class PickupLocationListResource {
  @ApiProperty({ type: PickupLocationResource, isArray: true })
  data!: PickupLocationResource[];
}
