import { Type } from 'class-transformer';
import { IsDefined, IsEmail, IsNotEmpty, IsObject, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { AddressDto } from './address.dto';

export class RegisterMerchantDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  business_name!: string;

  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'must be an email address' })
  email!: string;

  @IsString()
  @Matches(/^\+?[0-9 ().-]{7,20}$/, { message: 'must be a phone number' })
  phone!: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;
}
