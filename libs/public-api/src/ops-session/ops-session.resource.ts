import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'OpsMapSettings', description: "What the console's live map draws on." })
export class OpsMapSettingsResource {
  @ApiProperty({ type: 'string', nullable: true, description: 'The tile template (TILE_URL); null: the console draws a schematic map instead.' })
  tile_url!: string | null;

  @ApiProperty({ description: 'The credit the tile source requires (TILE_ATTRIBUTION).' })
  tile_attribution!: string;
}

@ApiSchema({ name: 'OpsSession', description: "The operator console's session: the `sdd_ops_session` cookie (HttpOnly) carries it." })
export class OpsSessionResource {
  @ApiProperty({ enum: ['ops_session'] })
  object!: 'ops_session';

  @ApiProperty({ format: 'date-time', description: 'When the session ends, however active (OPS_SESSION_MAX_HOURS after sign-in).' })
  expires_at!: string;

  @ApiProperty({ description: 'Every POST and DELETE made with the session carries it as the `X-CSRF-Token` header. Derived from the session; it ends with it.' })
  csrf_token!: string;

  @ApiProperty({ type: OpsMapSettingsResource })
  map!: OpsMapSettingsResource;
}

@ApiSchema({ name: 'OpsSignedOut' })
export class OpsSignedOutResource {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1, description: 'How many sessions this ended (0 when it had already ended).' })
  ended_sessions!: number;
}

export function presentOpsSession(session: { expiresAt: Date; csrfToken: string }, map: { tileUrl: string | undefined; tileAttribution: string }): OpsSessionResource {
  return {
    object: 'ops_session',
    expires_at: session.expiresAt.toISOString(),
    csrf_token: session.csrfToken,
    map: { tile_url: map.tileUrl ?? null, tile_attribution: map.tileAttribution },
  };
}
