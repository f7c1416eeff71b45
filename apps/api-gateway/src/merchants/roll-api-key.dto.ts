import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

@ApiSchema({ name: 'RollApiKeyRequest' })
export class RollApiKeyDto {
  /** How long the rolled key keeps working; 0 ends it now. */
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 168,
    default: 24,
    description: 'Hours the key used to call keeps working; 0 ends it now.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(168)
  expires_in_hours?: number;
}
