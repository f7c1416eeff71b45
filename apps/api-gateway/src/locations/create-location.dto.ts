import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { RESTRICTED_CATEGORIES, RestrictedCategory } from '@sdd/contracts';
import { AddressDto } from '../merchants/address.dto';

export class CreateLocationDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;

  @IsString()
  @Matches(/^\+?[0-9 ().-]{7,20}$/, { message: 'must be a phone number' })
  phone!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(RESTRICTED_CATEGORIES.length)
  @ArrayUnique()
  @IsIn(RESTRICTED_CATEGORIES, { each: true, message: `each value must be one of: ${RESTRICTED_CATEGORIES.join(', ')}` })
  licensed_for?: RestrictedCategory[];

  /** A licence is what makes a location eligible for restricted products, so it is required as soon as one is claimed. */
  @ValidateIf((dto: CreateLocationDto) => (dto.licensed_for?.length ?? 0) > 0 || dto.license_number !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  license_number?: string;
}
