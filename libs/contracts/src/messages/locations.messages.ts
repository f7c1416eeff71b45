// @Type reads design-time types through the Reflect metadata API: load it with the classes, whoever imports them first.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { ArrayUnique, IsArray, IsDefined, IsIn, IsNotEmpty, IsObject, IsString, ValidateNested } from 'class-validator';
import {
  AddressFields,
  CreatePickupLocationRequest,
  ListPickupLocationsRequest,
  PickupLocationInput,
  RESTRICTED_CATEGORIES,
  RestrictedCategory,
} from '../locations';
import { NullableButPresent } from './message-rules';
import { ScopedMessage } from './scope.messages';

export class AddressFieldsMessage implements AddressFields {
  @IsString()
  street!: string;

  @IsString()
  city!: string;

  @IsString()
  province!: string;

  @IsString()
  postal_code!: string;

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
  @Type(() => AddressFieldsMessage)
  address!: AddressFieldsMessage;

  @IsString()
  @IsNotEmpty()
  phone!: string;

  @IsArray()
  @ArrayUnique()
  @IsIn(RESTRICTED_CATEGORIES, { each: true, message: `each value must be one of: ${RESTRICTED_CATEGORIES.join(', ')}` })
  licensed_for!: RestrictedCategory[];

  @NullableButPresent()
  @IsString()
  license_number!: string | null;
}

export class CreatePickupLocationMessage extends ScopedMessage implements CreatePickupLocationRequest {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PickupLocationInputMessage)
  location!: PickupLocationInputMessage;
}

export class ListPickupLocationsMessage extends ScopedMessage implements ListPickupLocationsRequest {}
