import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ErrorType } from '@sdd/contracts';

@ApiSchema({ name: 'Error', description: 'What went wrong. `type` is the broad class, `code` the precise reason.' })
export class ErrorDetailResource {
  @ApiProperty({ enum: Object.values(ErrorType), example: ErrorType.InvalidRequest })
  type!: string;

  @ApiProperty({ description: 'Stable machine-readable reason; codes are never renamed.', example: 'parameter_invalid' })
  code!: string;

  @ApiProperty({ description: 'For humans; may change wording at any time.', example: 'email must be an email address' })
  message!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The request field at fault as a dotted path, or null when no single field is.',
    example: 'email',
  })
  param!: string | null;

  @ApiProperty({ description: 'Same value as the X-Request-Id response header.', example: 'req_4f9XkQ2mZ8cR1vT6yB3nL0aW' })
  request_id!: string;
}

@ApiSchema({ name: 'ErrorEnvelope', description: 'The body of every error response.' })
export class ErrorEnvelopeResource {
  @ApiProperty({ type: ErrorDetailResource })
  error!: ErrorDetailResource;
}
