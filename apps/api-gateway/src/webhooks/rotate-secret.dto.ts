import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { MAX_SECRET_OVERLAP_HOURS } from '@sdd/contracts';

@ApiSchema({ name: 'RotateWebhookSecretRequest' })
export class RotateSecretDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_SECRET_OVERLAP_HOURS,
    default: MAX_SECRET_OVERLAP_HOURS,
    description: 'Hours the replaced secret keeps signing beside the new one; 0 ends it now.',
  })
  // Left out means the default; null is not a number of hours.
  @ValidateIf((_dto: RotateSecretDto, value: unknown) => value !== undefined)
  @IsInt()
  @Min(0)
  @Max(MAX_SECRET_OVERLAP_HOURS)
  expires_in_hours?: number;
}
