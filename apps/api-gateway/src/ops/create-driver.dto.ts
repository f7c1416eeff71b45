import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import {
  DRIVER_TOKEN_TTL_BOUNDS,
  CERTIFICATION_KINDS,
  CERTIFICATION_STATUSES,
  CertificationKind,
  CertificationStatus,
  Province,
  PROVINCES,
  Vehicle,
  VEHICLES,
} from '@sdd/contracts';
import { PHONE_PATTERN } from '../validation/phone';

@ApiSchema({ name: 'CreateDriverRequest' })
export class CreateDriverDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @ApiProperty({ example: '+1 416 555 0123' })
  @IsString()
  @Matches(PHONE_PATTERN, { message: 'must be a phone number' })
  phone!: string;

  @ApiProperty({ enum: VEHICLES })
  @IsIn(VEHICLES, { message: `must be one of: ${VEHICLES.join(', ')}` })
  vehicle!: Vehicle;

  @ApiProperty({ enum: PROVINCES })
  @IsIn(PROVINCES, { message: 'must be a two-letter province or territory code' })
  home_province!: Province;
}

@ApiSchema({ name: 'SetCertificationRequest' })
export class SetCertificationDto {
  @ApiProperty({ enum: CERTIFICATION_KINDS })
  @IsIn(CERTIFICATION_KINDS, { message: `must be one of: ${CERTIFICATION_KINDS.join(', ')}` })
  kind!: CertificationKind;

  @ApiProperty({ enum: PROVINCES })
  @IsIn(PROVINCES, { message: 'must be a two-letter province or territory code' })
  province!: Province;

  @ApiProperty({ enum: CERTIFICATION_STATUSES, description: '`revoked` takes the driver off restricted offers at once.' })
  @IsIn(CERTIFICATION_STATUSES, { message: `must be one of: ${CERTIFICATION_STATUSES.join(', ')}` })
  status!: CertificationStatus;

  @ApiPropertyOptional({ format: 'date-time', description: 'Past this instant it no longer qualifies.' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'must be an ISO 8601 date-time' })
  expires_at?: string;
}

@ApiSchema({ name: 'RotateDriverTokenRequest' })
export class RotateDriverTokenDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: DRIVER_TOKEN_TTL_BOUNDS.min,
    maximum: DRIVER_TOKEN_TTL_BOUNDS.max,
    description: 'How long the new token lasts, in seconds; left out, DRIVER_TOKEN_TTL_SECONDS (30 days by default).',
  })
  // Left out means the default; null is not a number of seconds.
  @ValidateIf((_dto: RotateDriverTokenDto, value: unknown) => value !== undefined)
  @IsInt()
  @Min(DRIVER_TOKEN_TTL_BOUNDS.min)
  @Max(DRIVER_TOKEN_TTL_BOUNDS.max)
  expires_in_seconds?: number;
}
