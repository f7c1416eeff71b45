import { ValidationError } from 'class-validator';
import { ErrorCode } from '@sdd/contracts';
import { AppError } from './app-error';

function firstLeaf(errors: ValidationError[], parent: string): { path: string; error: ValidationError } | undefined {
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints && Object.keys(error.constraints).length > 0) return { path, error };
    const child = firstLeaf(error.children ?? [], path);
    if (child) return child;
  }
  return undefined;
}

/**
 * Turns class-validator's error tree into our 400: the first failing field,
 * named as a dotted path in `param`, with a code saying whether it is
 * unknown, missing or invalid.
 */
export function validationErrorToAppError(errors: ValidationError[]): AppError {
  const leaf = firstLeaf(errors, '');
  if (!leaf) return AppError.invalidRequest(ErrorCode.ParameterInvalid, 'The request is invalid.');
  const { path, error } = leaf;
  const constraints = error.constraints ?? {};
  if ('whitelistValidation' in constraints) {
    return AppError.invalidRequest(ErrorCode.ParameterUnknown, `Received unknown parameter: ${path}.`, path);
  }
  // Optional fields skip validation when absent, so an absent field that failed is a required one.
  if (error.value === undefined || error.value === null) {
    return AppError.invalidRequest(ErrorCode.ParameterMissing, `Missing required parameter: ${path}.`, path);
  }
  const reason = Object.values(constraints)[0];
  return AppError.invalidRequest(ErrorCode.ParameterInvalid, `Invalid ${path}: ${reason}.`, path);
}
