import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PickupLocation, PickupLocationList, RESTRICTED_CATEGORIES, RestrictedCategory } from '@sdd/contracts';
import { MerchantAddressResponse } from './merchant.response';

@ApiSchema({ name: 'PickupLocation' })
export class PickupLocationResponse implements PickupLocation {
  @ApiProperty({ pattern: '^loc_[0-9A-Za-z]{24}$', example: 'loc_3kT9wQ2mLx8bN5vR1cZ7pJ4h' })
  id!: string;

  @ApiProperty({ example: 'Queen St Wines' })
  name!: string;

  @ApiProperty({ type: MerchantAddressResponse })
  address!: MerchantAddressResponse;

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
export class PickupLocationListResponse implements PickupLocationList {
  @ApiProperty({ type: PickupLocationResponse, isArray: true })
  data!: PickupLocationResponse[];
}
