import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Category, CATEGORIES, MAX_ADDRESS_LENGTH, PACKAGE_SIZES, PackageSize, Vehicle, VEHICLES } from '@sdd/contracts';

@ApiSchema({ name: 'CreateQuoteRequest' })
export class CreateQuoteDto {
  @ApiProperty({ maxLength: MAX_ADDRESS_LENGTH, example: '100 King St W, Toronto, ON M5X 1A9' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_ADDRESS_LENGTH)
  pickup_address!: string;

  @ApiProperty({ maxLength: MAX_ADDRESS_LENGTH, example: '290 Bremner Blvd, Toronto, ON M5V 3L9' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_ADDRESS_LENGTH)
  dropoff_address!: string;

  @ApiPropertyOptional({ enum: PACKAGE_SIZES, default: 'small' })
  @IsOptional()
  @IsIn(PACKAGE_SIZES, { message: `must be one of: ${PACKAGE_SIZES.join(', ')}` })
  package_size?: PackageSize;

  @ApiPropertyOptional({ enum: VEHICLES, description: 'Chosen from the package size and distance when omitted.' })
  @IsOptional()
  @IsIn(VEHICLES, { message: `must be one of: ${VEHICLES.join(', ')}` })
  vehicle?: Vehicle;

  @ApiPropertyOptional({ format: 'date-time', description: 'In the future, at most 30 days ahead.' })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'must be an ISO 8601 date-time' })
  scheduled_at?: string;

  @ApiPropertyOptional({ enum: CATEGORIES, default: 'standard' })
  @IsOptional()
  @IsIn(CATEGORIES, { message: `must be one of: ${CATEGORIES.join(', ')}` })
  category?: Category;
}
