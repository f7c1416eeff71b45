// @Type reads design-time types through the Reflect metadata API: load it with the classes, whoever imports them first.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { ArrayUnique, IsArray, IsDefined, IsIn, IsNotEmpty, IsObject, IsString, ValidateNested } from 'class-validator';
import type { PostalAddress } from '../addresses';
import { busPattern, replyOf } from '../bus/bus-pattern';
import { NullableButPresent } from '../bus/message-rules';
import { ScopedMessage } from '../scope/scope.messages';
import { ServiceName } from '../services';
import { PickupLocationInput, PickupLocationRecord, PickupLocationRecordList, RESTRICTED_CATEGORIES, RestrictedCategory } from './locations';

export class PostalAddressMessage implements PostalAddress {
  @IsString()
  street!: string;

  @IsString()
  city!: string;

  @IsString()
  province!: string;

  @NullableButPresent()
  @IsString()
  postalCode!: string | null;

  @IsString()
  country!: string;
}

export class PickupLocationInputMessage implements PickupLocationInput {
  @IsString()
  @IsNotEmpty()
  name!: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PostalAddressMessage)
  address!: PostalAddressMessage;

  @IsString()
  @IsNotEmpty()
  phone!: string;

  @IsArray()
  @ArrayUnique()
  @IsIn(RESTRICTED_CATEGORIES, { each: true, message: `each value must be one of: ${RESTRICTED_CATEGORIES.join(', ')}` })
  licensedFor!: RestrictedCategory[];

  @NullableButPresent()
  @IsString()
  licenseNumber!: string | null;
}

export class CreatePickupLocationRequest extends ScopedMessage {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PickupLocationInputMessage)
  location!: PickupLocationInputMessage;
}

export class ListPickupLocationsRequest extends ScopedMessage {}

const owner = ServiceName.Delivery;

export const LOCATION_PATTERNS = {
  CreatePickupLocation: busPattern({ name: 'delivery.create_pickup_location', owner, message: CreatePickupLocationRequest, reply: replyOf<PickupLocationRecord>() }),
  ListPickupLocations: busPattern({ name: 'delivery.list_pickup_locations', owner, message: ListPickupLocationsRequest, reply: replyOf<PickupLocationRecordList>() }),
};
