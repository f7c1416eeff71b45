import { Injectable, PipeTransform } from '@nestjs/common';
import { ErrorCode } from '@sdd/contracts';
import { AppError } from '@sdd/common';

/**
 * A route that takes no parameters in its body (cancel, webhook test, webhook
 * delete, quote expiry) holds what is sent to the rules of every other route:
 * no body or `{}` is fine, anything but an object is invalid, and every field
 * is unknown. Without this, `null`, `[]` or a misspelt option went unnoticed.
 */
export function assertEmptyBody(body: unknown): void {
  if (body === undefined) return;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'The request body must be a JSON object.');
  }
  const [field] = Object.keys(body);
  if (field !== undefined) throw AppError.invalidRequest(ErrorCode.ParameterUnknown, `Received unknown parameter: ${field}.`, field);
}

/** Use as `@Body(EmptyBodyPipe) _body: unknown` on routes that take no body fields. */
@Injectable()
export class EmptyBodyPipe implements PipeTransform<unknown, undefined> {
  transform(body: unknown): undefined {
    assertEmptyBody(body);
    return undefined;
  }
}
