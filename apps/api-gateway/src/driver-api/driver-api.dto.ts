import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsLatitude, IsLongitude, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
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

@ApiSchema({ name: 'DriverReportRequest' })
export class DriverReportDto {
  @ApiProperty({ enum: DRIVER_REPORTS })
  @IsIn(DRIVER_REPORTS, { message: `must be one of: ${DRIVER_REPORTS.join(', ')}` })
  status!: DriverReport;

  @ApiPropertyOptional({ enum: FAILURE_REASONS, description: 'Required with `failed`.' })
  @IsOptional()
  @IsIn(FAILURE_REASONS, { message: `must be one of: ${FAILURE_REASONS.join(', ')}` })
  reason?: FailureReason;

  @ApiPropertyOptional({ maxLength: 200, description: 'With `delivered`: who took the package.' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  recipient_name?: string;
}
