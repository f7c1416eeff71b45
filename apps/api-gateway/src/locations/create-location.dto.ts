import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsDefined, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { RESTRICTED_CATEGORIES, RestrictedCategory } from '@sdd/contracts';
import { AddressDto } from '../merchants/address.dto';
import { PHONE_PATTERN } from '../validation/phone';

@ApiSchema({ name: 'CreatePickupLocationRequest' })
export class CreateLocationDto {
  @ApiProperty({ maxLength: 200, example: 'Queen St Wines' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @ApiProperty({ type: AddressDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;

  @ApiProperty({ example: '+1 416 555 0199' })
  @IsString()
  @Matches(PHONE_PATTERN, { message: 'must be a phone number' })
  phone!: string;

  @ApiPropertyOptional({ enum: RESTRICTED_CATEGORIES, isArray: true, uniqueItems: true, default: [], example: ['alcohol'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(RESTRICTED_CATEGORIES.length)
  @ArrayUnique()
  @IsIn(RESTRICTED_CATEGORIES, { each: true, message: `each value must be one of: ${RESTRICTED_CATEGORIES.join(', ')}` })
  licensed_for?: RestrictedCategory[];

  /** A licence is what makes a location eligible for restricted products, so it is required as soon as one is claimed. */
  @ApiPropertyOptional({ maxLength: 100, description: 'Required when licensed_for is not empty.', example: 'AGCO-123456' })
  @ValidateIf((dto: CreateLocationDto) => (dto.licensed_for?.length ?? 0) > 0 || dto.license_number !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  license_number?: string;
}
