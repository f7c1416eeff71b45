import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsEmailAddress } from '../validation/email';

const withPassword = (body: CreateSessionDto) => body.link_token === undefined;

/** Sign in with an email and password, or with the token of an emailed sign-in link. */
@ApiSchema({ name: 'CreateSessionRequest', description: 'Either `email` and `password`, or `link_token` alone.' })
export class CreateSessionDto {
  @ApiPropertyOptional({ format: 'email', maxLength: 254, example: 'owner@maple.ca', description: 'With `password`.' })
  @ValidateIf(withPassword)
  @IsString()
  @MaxLength(254)
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({ maxLength: 1024, description: 'With `email`.' })
  @ValidateIf(withPassword)
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'The token after `#token=` in a sign-in link (POST /v1/dashboard/sign_in_links); it works once.' })
  @ValidateIf((body: CreateSessionDto) => !withPassword(body))
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  link_token?: string;
}
