import { applyDecorators } from '@nestjs/common';
import { IsEmail, Matches } from 'class-validator';

/**
 * No C0 control, DEL or C1 control anywhere. RFC 5322 lets a quoted local
 * part carry CR/LF (`"a\r\nBcc: x"@example.ca`) and IsEmail accepts it; such
 * an address, put into a mail header or a log line, splits it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** An email address without control characters: every email field of every request uses this, never IsEmail alone. */
export function IsEmailAddress(): PropertyDecorator {
  return applyDecorators(Matches(WITHOUT_CONTROL_CHARACTERS, { message: 'must not contain control characters' }), IsEmail({}, { message: 'must be an email address' }));
}
