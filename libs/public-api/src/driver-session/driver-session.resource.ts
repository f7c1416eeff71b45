import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'DriverSession', description: "The driver app's session: the `sdd_driver_session` cookie (HttpOnly) carries it." })
export class DriverSessionResource {
  @ApiProperty({ enum: ['driver_session'] })
  object!: 'driver_session';

  @ApiProperty({ format: 'date-time', description: 'When the session ends, however active (DRIVER_SESSION_MAX_HOURS after sign-in).' })
  expires_at!: string;

  @ApiProperty({ description: 'Every POST and DELETE made with the session carries it as the `X-CSRF-Token` header. Derived from the session; it ends with it.' })
  csrf_token!: string;
}

@ApiSchema({ name: 'DriverSignedOut' })
export class DriverSignedOutResource {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1, description: 'How many sessions this ended (0 when it had already ended).' })
  ended_sessions!: number;
}

export function presentDriverSession(session: { expiresAt: Date; csrfToken: string }): DriverSessionResource {
  return { object: 'driver_session', expires_at: session.expiresAt.toISOString(), csrf_token: session.csrfToken };
}
