import { plainToInstance } from 'class-transformer';
import { validate, ValidatorOptions } from 'class-validator';
import { ErrorCode } from '@sdd/contracts';
import { AppError, passesValidation, validationErrorToAppError } from '@sdd/common';

const MESSAGE_RULES: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  // A message class without rules (a ping) still refuses every field through the whitelist.
  forbidUnknownValues: false,
  validationError: { target: false },
};

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The payload as its message class, or the 400 that refuses it before any
 * handler runs: unknown fields, missing scope, wrong types. A service never
 * starts work it would have to abandon half-way on a malformed message.
 */
export async function checkBusPayload<T extends object>(messageClass: new () => T, payload: unknown): Promise<T> {
  if (!isPlainObject(payload)) {
    throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'The message must be an object.');
  }
  const message = plainToInstance(messageClass, payload);
  // A valid message, the common case, is recognised without class-validator's error objects.
  if (passesValidation(message, MESSAGE_RULES)) return message;
  const errors = await validate(message, MESSAGE_RULES);
  if (errors.length > 0) throw validationErrorToAppError(errors);
  return message;
}
