import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { MIN_PASSWORD_LENGTH } from '../members/password';
import { IsEmailAddress } from '../validation/email';
import { PHONE_PATTERN } from '../validation/phone';
import { AddressDto } from './address.dto';

@ApiSchema({ name: 'RegisterMerchantRequest' })
export class RegisterMerchantDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Maple Eats' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  business_name!: string;

  @ApiProperty({ format: 'email', maxLength: 254, example: 'owner@maple.ca', description: 'One merchant per email address.' })
  @IsString()
  @MaxLength(254)
  @IsEmailAddress()
  email!: string;

  @ApiProperty({ pattern: PHONE_PATTERN, example: '+1 416 555 0100' })
  @IsString()
  @Matches(PHONE_PATTERN, { message: 'must be a phone number' })
  phone!: string;

  @ApiProperty({ type: AddressDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;

  @ApiPropertyOptional({
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: 1024,
    description: "The dashboard password of the registering email, which becomes the team's owner (POST /v1/dashboard/sessions).",
  })
  @IsOptional()
  @IsString()
  @MinLength(MIN_PASSWORD_LENGTH, { message: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(1024)
  password?: string;
}
