import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';

const HTTP_URL = { protocols: ['http', 'https'], require_protocol: true, require_tld: false, require_host: true };

@ApiSchema({ name: 'ConnectMerchantRequest', description: 'Optional: where onboarding sends the merchant back (default: a page of ours).' })
export class ConnectMerchantDto {
  @ApiPropertyOptional({ format: 'uri', description: 'After onboarding is submitted.' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl(HTTP_URL, { message: 'must be an absolute http(s) URL' })
  return_url?: string;

  @ApiPropertyOptional({ format: 'uri', description: 'When the link expired or was used already: ask for a new one from there.' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl(HTTP_URL, { message: 'must be an absolute http(s) URL' })
  refresh_url?: string;
}
