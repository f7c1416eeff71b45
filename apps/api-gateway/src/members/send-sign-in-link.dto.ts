import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../validation/email';

@ApiSchema({ name: 'SendSignInLinkRequest' })
export class SendSignInLinkDto {
  @ApiProperty({ format: 'email', maxLength: 254, example: 'owner@maple.ca' })
  @IsString()
  @MaxLength(254)
  @IsEmailAddress()
  email!: string;
}
