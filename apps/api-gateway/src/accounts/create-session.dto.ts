import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../validation/email';

/** Sign in with an email and password, or with the token of an emailed sign-in link. */
@ApiSchema({ name: 'CreateSessionRequest', description: 'Either `email` and `password`, or `link_token` alone.' })
export class CreateSessionDto {
  @ApiProperty({ format: 'email', maxLength: 254, example: 'owner@maple.ca' })
  @IsString()
  @MaxLength(254)
  @IsEmailAddress()
  email!: string;

  @ApiProperty({ maxLength: 1024, description: 'With `email`.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  password!: string;
}
