import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsISO8601, IsLatitude, IsLongitude, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { DRIVER_REPORTS, DriverReport, FAILURE_REASONS, FailureReason } from '@sdd/contracts';

@ApiSchema({ name: 'DriverAvailabilityRequest' })
export class DriverAvailabilityDto {
  @ApiProperty({ description: 'Online drivers with a location are offered deliveries.' })
  @IsBoolean({ message: 'must be true or false' })
  online!: boolean;
}

@ApiSchema({ name: 'DriverLocationRequest' })
export class DriverLocationDto {
  @ApiProperty({ example: 43.6492 })
  @IsLatitude({ message: 'must be a latitude' })
  lat!: number;

  @ApiProperty({ example: -79.3823 })
  @IsLongitude({ message: 'must be a longitude' })
  lng!: number;
}

@ApiSchema({ name: 'AnswerRerouteRequest' })
export class AnswerRerouteDto {
  @ApiProperty({ description: 'true: the new dropoff takes effect; false: the delivery keeps its dropoff.' })
  @IsBoolean({ message: 'must be true or false' })
  accept!: boolean;
}

@ApiSchema({ name: 'DriverReportRequest' })
export class DriverReportDto {
  @ApiProperty({ enum: DRIVER_REPORTS })
  @IsIn(DRIVER_REPORTS, { message: `must be one of: ${DRIVER_REPORTS.join(', ')}` })
  status!: DriverReport;

  @ApiPropertyOptional({ enum: FAILURE_REASONS, description: 'Required with `failed` and `returned`.' })
  @IsOptional()
  @IsIn(FAILURE_REASONS, { message: `must be one of: ${FAILURE_REASONS.join(', ')}` })
  reason?: FailureReason;

  @ApiPropertyOptional({ maxLength: 200, description: 'With `delivered`: who took the package.' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  recipient_name?: string;

  @ApiPropertyOptional({
    example: '0421',
    description:
      'With `delivered`: the PIN the recipient reads from the tracking page; a wrong one is 409 `pin_mismatch`, the fifth wrong one locks it (409 `pin_locked`, ' +
      'then refused even when right): hand over without a PIN after attaching a proof photo, recorded as not PIN-verified.',
  })
  @IsOptional()
  @Matches(/^[0-9]{4}$/, { message: 'must be 4 digits' })
  pin?: string;

  @ApiPropertyOptional({
    format: 'date',
    description:
      "With `delivered` of alcohol or cannabis (required): the recipient's birth date from their ID. Under the province's legal age the delivery fails (`id_check_failed`).",
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'must be a date (YYYY-MM-DD)' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date (YYYY-MM-DD)' })
  recipient_birth_date?: string;
}
