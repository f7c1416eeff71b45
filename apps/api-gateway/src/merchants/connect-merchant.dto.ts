import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsHttpUrl } from '../validation/http-url';

@ApiSchema({ name: 'ConnectMerchantRequest', description: 'Optional: where onboarding sends the merchant back (default: a page of ours).' })
export class ConnectMerchantDto {
  @ApiPropertyOptional({ format: 'uri', description: 'After onboarding is submitted.' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsHttpUrl()
  return_url?: string;

  @ApiPropertyOptional({ format: 'uri', description: 'When the link expired or was used already: ask for a new one from there.' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsHttpUrl()
  refresh_url?: string;
}
