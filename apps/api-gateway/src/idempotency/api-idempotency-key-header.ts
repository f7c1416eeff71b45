import { ApiHeader } from '@nestjs/swagger';

/** The optional Idempotency-Key of a creation, declared in the OpenAPI document so that generated clients (the SDK) can send it. */
export const ApiIdempotencyKeyHeader = () =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Up to 255 printable ASCII characters, kept 24 hours: a retry with the same key and body gets the first response again (`Idempotent-Replayed: true`); with another body, 422 `idempotency_key_reused`.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  });
