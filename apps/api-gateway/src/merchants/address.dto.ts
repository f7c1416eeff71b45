import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

@ApiSchema({ name: 'AddressInput', description: "The contract's Address, as sent: `country` may be left out." })
export class AddressDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: '100 King St W' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  street!: string;

  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Toronto' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  city!: string;

  @ApiProperty({ minLength: 1, maxLength: 100, example: 'ON' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  province!: string;

  @ApiProperty({ minLength: 1, maxLength: 20, example: 'M5X 1A9' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  postal_code!: string;

  /** ISO 3166-1 alpha-2; the service operates in Canada. */
  @ApiPropertyOptional({ enum: ['CA'], default: 'CA', description: 'ISO 3166-1 alpha-2, case-insensitive.' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsIn(['CA'], { message: 'must be "CA"' })
  country?: string;
}
