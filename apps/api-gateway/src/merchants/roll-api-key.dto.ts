import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class RollApiKeyDto {
  /** How long the rolled key keeps working; 0 ends it now. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(168)
  expires_in_hours?: number;
}
