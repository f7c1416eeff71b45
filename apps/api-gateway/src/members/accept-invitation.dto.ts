import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { MIN_PASSWORD_LENGTH } from './password';

@ApiSchema({ name: 'AcceptInvitationRequest' })
export class AcceptInvitationDto {
  @ApiProperty({ maxLength: 100, description: 'The token after `#token=` in the invitation link; it works once, within 7 days.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  token!: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: 1024, description: "The new member's password." })
  @IsString()
  @MinLength(MIN_PASSWORD_LENGTH, { message: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(1024)
  password!: string;
}
