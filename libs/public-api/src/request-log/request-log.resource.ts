import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Mode, MODES } from '@sdd/contracts';

@ApiSchema({ name: 'RequestLog', description: 'One API request, as the request log keeps it (7 days by default): secrets in bodies and query redacted.' })
export class RequestLogResource {
  @ApiProperty({ example: 'reqlog_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  id!: string;

  @ApiProperty({ enum: MODES })
  mode!: Mode;

  @ApiProperty({ example: 'POST' })
  method!: string;

  @ApiProperty({ description: 'With its query; credential-like parameters redacted.', example: '/v1/quotes' })
  path!: string;

  @ApiProperty({ example: 201 })
  status!: number;

  @ApiProperty({ description: 'The X-Request-Id the answer carried.', example: 'req_4fJ0aQ9xWm2LpZ7kT3vB8nR1' })
  request_id!: string;

  @ApiProperty({ type: String, nullable: true })
  idempotency_key!: string | null;

  @ApiProperty({ description: 'From arrival to the last byte sent, in milliseconds.', example: 12 })
  duration_ms!: number;

  @ApiProperty({ type: String, nullable: true, description: 'The last four characters of the API key that called; null for a dashboard session.', example: 'x7Qa' })
  api_key_last4!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The member whose dashboard session called; null for an API key.', example: 'mem_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  member_id!: string | null;

  @ApiProperty({ format: 'date-time', description: 'When the request came in.' })
  created_at!: string;
}

@ApiSchema({ name: 'RequestLogDetail', description: 'A request log entry with the headers kept (never a credential) and both bodies.' })
export class RequestLogDetailResource extends RequestLogResource {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { 'content-type': 'application/json', 'user-agent': 'curl/8.5.0' } })
  request_headers!: Record<string, string>;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { 'content-type': 'application/json; charset=utf-8' } })
  response_headers!: Record<string, string>;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The body sent (JSON text), values of secret keys and card numbers replaced by "[redacted]", at most 16,384 characters.',
  })
  request_body!: string | null;

  @ApiProperty({ description: 'The request body was longer than 16,384 characters: request_body is its beginning.' })
  request_body_truncated!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'The body answered, redacted and bounded like request_body.' })
  response_body!: string | null;

  @ApiProperty()
  response_body_truncated!: boolean;
}

@ApiSchema({ name: 'RequestLogList' })
export class RequestLogListResource {
  @ApiProperty({ type: RequestLogResource, isArray: true })
  data!: RequestLogResource[];

  @ApiProperty()
  has_more!: boolean;

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}
