import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Mode, MODES } from '@sdd/contracts';

@ApiSchema({ name: 'PreviousApiKey', description: 'The key used to call, which keeps working until `expires_at`.' })
export class PreviousApiKeyResource {
  @ApiProperty({ minLength: 4, maxLength: 4, example: 'x7Qa' })
  last4!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T15:04:05.000Z' })
  expires_at!: string;
}

@ApiSchema({ name: 'RolledApiKey' })
export class RolledApiKeyResource {
  @ApiProperty({ pattern: '^svc_(test|live)_[0-9A-Za-z]{43}$', description: 'The new key, of the same mode; shown once.' })
  api_key!: string;

  @ApiProperty({ enum: MODES })
  mode!: Mode;

  @ApiProperty({ type: PreviousApiKeyResource })
  previous_key!: PreviousApiKeyResource;
}

@ApiSchema({ name: 'ApiKey', description: 'An API key as the merchant may see it: never the secret.' })
export class ApiKeyResource {
  @ApiProperty({ example: 'key_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  id!: string;

  @ApiProperty({ enum: MODES })
  mode!: Mode;

  @ApiProperty({ minLength: 4, maxLength: 4, example: 'x7Qa' })
  last4!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'Set once the key was rolled: it works until then.' })
  expires_at!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'Recorded to the minute.' })
  last_used_at!: string | null;
}

@ApiSchema({ name: 'ApiKeyList' })
export class ApiKeyListResource {
  @ApiProperty({ type: [ApiKeyResource] })
  data!: ApiKeyResource[];
}

@ApiSchema({ name: 'RevokedApiKey' })
export class RevokedApiKeyResource {
  @ApiProperty({ example: 'key_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  id!: string;

  @ApiProperty({ enum: [true] })
  deleted!: true;
}
